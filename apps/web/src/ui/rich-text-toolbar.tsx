import { type FormEvent, type ReactNode, useState } from 'react';
import { Anchor, Button, Group, NativeSelect, Paper, Popover, Text, TextInput, Tooltip } from '@mantine/core';
import { RichTextEditor as Editor } from '@mantine/tiptap';
import { IconLink, IconMathFunction, IconVideo } from '@tabler/icons-react';
import { type Editor as TiptapEditor, useEditorState } from '@tiptap/react';
import { BubbleMenu } from '@tiptap/react/menus';
import { RICH_TEXT_FONTS, RICH_TEXT_SIZES, type RichTextFont, type RichTextSize, richTextVideo } from '@platform/domain';
import { formulaError } from './formula';

/*
 * The spec §9 controls of the rich-text editor: header, size and font choices, and the link,
 * formula and video entries with their tooltip words (Visit URL, Enter link, Enter formula, Enter
 * video, Edit, Save, Remove). Each control has an accessible name and a tooltip.
 */

const HEADERS = [
  { value: '0', label: 'Normal' },
  ...[1, 2, 3, 4, 5, 6].map((level) => ({ value: String(level), label: `Heading ${level}` })),
];
const SIZE_LABELS: Record<RichTextSize, string> = { small: 'Small', large: 'Large', huge: 'Huge' };
const FONT_LABELS: Record<RichTextFont, string> = { serif: 'Serif', monospace: 'Monospace' };
const SIZES = [{ value: '', label: 'Normal' }, ...RICH_TEXT_SIZES.map((size) => ({ value: size, label: SIZE_LABELS[size] }))];
const FONTS = [{ value: '', label: 'Sans Serif' }, ...RICH_TEXT_FONTS.map((font) => ({ value: font, label: FONT_LABELS[font] }))];
type Level = 1 | 2 | 3 | 4 | 5 | 6;

/** A link may go to a web page, an e-mail address or a telephone number; a bare address is taken as a web page. */
function linkHref(input: string): string | null {
  const value = input.trim();
  if (/^(https?:\/\/|mailto:|tel:)\S+$/i.test(value)) return value;
  if (/^[^\s:/]+\.[^\s:]+$/.test(value)) return `https://${value}`;
  return null;
}

interface ToolbarSelectProps {
  label: string;
  data: { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
  /** Wide enough for the longest choice, so a narrow toolbar wraps rather than cuts a word. */
  width: number;
}

function ToolbarSelect({ label, data, value, onChange, width }: ToolbarSelectProps) {
  return (
    <Tooltip label={label}>
      <NativeSelect
        aria-label={label}
        size="xs"
        w={width}
        style={{ flexShrink: 0 }}
        data={data}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    </Tooltip>
  );
}

/** Header, size and font of the text at the cursor, each a choice from the spec's list. */
export function TextStyleControls({ editor }: { editor: TiptapEditor }) {
  const current = useEditorState({
    editor,
    selector: ({ editor: state }) => ({
      header: String(([1, 2, 3, 4, 5, 6] as const).find((level) => state.isActive('heading', { level })) ?? 0),
      size: (state.getAttributes('fontSize').value as string | undefined) ?? '',
      font: (state.getAttributes('fontFamily').value as string | undefined) ?? '',
    }),
  });
  const mark = (name: 'fontSize' | 'fontFamily', value: string) => {
    const chain = editor.chain().focus();
    (value ? chain.setMark(name, { value }) : chain.unsetMark(name)).run();
  };
  // Header apart from size and font, so a phone-wide toolbar wraps between them.
  return (
    <>
      <Editor.ControlsGroup>
        <ToolbarSelect
          label="Header"
          width={112}
          data={HEADERS}
          value={current.header}
          onChange={(value) =>
            value === '0'
              ? editor.chain().focus().setParagraph().run()
              : editor
                  .chain()
                  .focus()
                  .setHeading({ level: Number(value) as Level })
                  .run()
          }
        />
      </Editor.ControlsGroup>
      <Editor.ControlsGroup>
        <ToolbarSelect label="Size" width={88} data={SIZES} value={current.size} onChange={(value) => mark('fontSize', value)} />
        <ToolbarSelect label="Font" width={112} data={FONTS} value={current.font} onChange={(value) => mark('fontFamily', value)} />
      </Editor.ControlsGroup>
    </>
  );
}

/** One line of entry: "Enter link", "Enter formula" or "Enter video", saved or refused with a reason. */
function EntryForm({
  label,
  initialValue = '',
  onSave,
}: {
  label: string;
  initialValue?: string;
  onSave: (value: string) => string | null;
}) {
  const [value, setValue] = useState(initialValue);
  const [error, setError] = useState<string | null>(null);
  function submit(event: FormEvent) {
    // The editor sits inside the page's own form, which this entry must not submit.
    event.preventDefault();
    event.stopPropagation();
    setError(onSave(value));
  }
  return (
    <form onSubmit={submit}>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          label={label}
          placeholder={label}
          size="xs"
          value={value}
          error={error}
          onChange={(event) => setValue(event.currentTarget.value)}
          data-autofocus
          w={260}
        />
        <Tooltip label="Save">
          <Button type="submit" size="xs" mt={22}>
            Save
          </Button>
        </Tooltip>
      </Group>
    </form>
  );
}

/** A toolbar button opening an entry; the entry closes once its value is saved. */
function EntryControl({
  label,
  entryLabel,
  icon,
  onSave,
}: {
  label: string;
  entryLabel: string;
  icon: ReactNode;
  onSave: (value: string) => string | null;
}) {
  const [opened, setOpened] = useState(false);
  return (
    <Popover opened={opened} onChange={setOpened} trapFocus withArrow shadow="md" position="bottom">
      <Popover.Target>
        <Editor.Control aria-label={label} title={label} onClick={() => setOpened((open) => !open)} active={opened}>
          {icon}
        </Editor.Control>
      </Popover.Target>
      <Popover.Dropdown>
        {opened && (
          <EntryForm
            label={entryLabel}
            onSave={(value) => {
              const error = onSave(value);
              if (!error) setOpened(false);
              return error;
            }}
          />
        )}
      </Popover.Dropdown>
    </Popover>
  );
}

function saveLink(editor: TiptapEditor, input: string): string | null {
  const href = linkHref(input);
  if (!href) return 'Enter a web address (https://…) or an e-mail address (mailto:…).';
  const chain = editor.chain().focus();
  if (editor.state.selection.empty && !editor.isActive('link'))
    chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
  else chain.extendMarkRange('link').setLink({ href }).run();
  return null;
}

/** Link, formula and video entries. */
export function InsertControls({ editor }: { editor: TiptapEditor }) {
  return (
    <>
      <EntryControl
        label="Insert link"
        entryLabel="Enter link"
        icon={<IconLink size={16} stroke={1.5} />}
        onSave={(value) => saveLink(editor, value)}
      />
      <EntryControl
        label="Insert formula"
        entryLabel="Enter formula"
        icon={<IconMathFunction size={16} stroke={1.5} />}
        onSave={(latex) => {
          const error = formulaError(latex);
          if (!error)
            editor
              .chain()
              .focus()
              .insertContent({ type: 'inlineMath', attrs: { latex: latex.trim() } })
              .run();
          return error;
        }}
      />
      <EntryControl
        label="Insert video"
        entryLabel="Enter video"
        icon={<IconVideo size={16} stroke={1.5} />}
        onSave={(address) => {
          const video = richTextVideo(address);
          if (!video) return 'Enter a YouTube or Vimeo address.';
          editor
            .chain()
            .focus()
            .insertContent({ type: 'video', attrs: { src: video.src } })
            .run();
          return null;
        }}
      />
    </>
  );
}

/** Shown while the cursor is in a link: visit it, edit its address, or remove it. */
export function LinkBubble({ editor }: { editor: TiptapEditor }) {
  const [editing, setEditing] = useState(false);
  const href = useEditorState({ editor, selector: ({ editor: state }) => (state.getAttributes('link').href as string | undefined) ?? '' });
  return (
    <BubbleMenu editor={editor} shouldShow={({ editor: state }) => state.isActive('link')} options={{ onHide: () => setEditing(false) }}>
      <Paper shadow="md" p="xs" withBorder>
        {editing ? (
          <EntryForm
            label="Enter link"
            initialValue={href}
            onSave={(value) => {
              const error = saveLink(editor, value);
              if (!error) setEditing(false);
              return error;
            }}
          />
        ) : (
          <Group gap="xs" wrap="nowrap">
            <Text size="sm">Visit URL:</Text>
            <Tooltip label="Visit URL">
              <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm" maw={240} truncate>
                {href}
              </Anchor>
            </Tooltip>
            <Tooltip label="Edit">
              <Button size="xs" variant="default" onClick={() => setEditing(true)}>
                Edit
              </Button>
            </Tooltip>
            <Tooltip label="Remove">
              <Button
                size="xs"
                variant="default"
                color="red"
                onClick={() => editor.chain().focus().extendMarkRange('link').unsetLink().run()}
              >
                Remove
              </Button>
            </Tooltip>
          </Group>
        )}
      </Paper>
    </BubbleMenu>
  );
}
