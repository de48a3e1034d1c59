import { Mark, Node } from '@tiptap/react';
import {
  RICH_TEXT_FONTS,
  RICH_TEXT_FORMULA_TYPE,
  RICH_TEXT_SIZES,
  richTextFontClass,
  richTextSizeClass,
  richTextVideo,
  richTextVideoAttributes,
} from '@platform/domain';
import { renderFormula } from './formula';

/**
 * A mark that is one class out of a fixed list (decision 0042): what the sanitiser can check
 * exactly, unlike a style value. Each mark is its own span, so a size and a font nest freely.
 */
function classMark<Value extends string>(name: string, values: readonly Value[], classOf: (value: Value) => string) {
  return Mark.create({
    name,
    addAttributes: () => ({ value: { default: null, rendered: false } }),
    parseHTML: () => [
      {
        tag: 'span',
        // Another mark may read the same span's other class.
        consuming: false,
        getAttrs: (element) => {
          const value = values.find((candidate) => element.classList.contains(classOf(candidate)));
          return value ? { value } : false;
        },
      },
    ],
    renderHTML: ({ mark }) => ['span', { class: classOf(mark.attrs.value as Value) }, 0],
  });
}

export const FontSize = classMark('fontSize', RICH_TEXT_SIZES, richTextSizeClass);
export const FontFamily = classMark('fontFamily', RICH_TEXT_FONTS, richTextFontClass);

/** A formula, kept as its LaTeX and typeset with KaTeX in the editor as where it is read. */
export const InlineMath = Node.create({
  name: 'inlineMath',
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,
  addAttributes: () => ({ latex: { default: '', rendered: false } }),
  parseHTML: () => [
    { tag: `span[data-type="${RICH_TEXT_FORMULA_TYPE}"]`, getAttrs: (element) => ({ latex: element.getAttribute('data-latex') ?? '' }) },
  ],
  renderHTML: ({ node }) => ['span', { 'data-type': RICH_TEXT_FORMULA_TYPE, 'data-latex': node.attrs.latex as string }],
  addNodeView:
    () =>
    ({ node }) => {
      const dom = document.createElement('span');
      dom.dataset.type = RICH_TEXT_FORMULA_TYPE;
      renderFormula(node.attrs.latex as string, dom);
      return { dom };
    },
});

/** A YouTube or Vimeo player; a frame of anything else is not read into the document. */
export const Video = Node.create({
  name: 'video',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes: () => ({ src: { default: null, rendered: false } }),
  parseHTML: () => [
    {
      tag: 'iframe[src]',
      getAttrs: (element) => {
        const video = richTextVideo(element.getAttribute('src') ?? '');
        return video ? { src: video.src } : false;
      },
    },
  ],
  renderHTML: ({ node }) => {
    const video = richTextVideo(node.attrs.src as string);
    return ['iframe', video ? richTextVideoAttributes(video) : {}];
  },
});
