import { useEffect, useId, useState } from 'react';
import { FileButton, Input, Loader } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, RichTextEditor as Editor } from '@mantine/tiptap';
import { IconPhoto } from '@tabler/icons-react';
import Image from '@tiptap/extension-image';
import { type Editor as TiptapEditor, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import '@mantine/tiptap/styles.css';
import type { RichTextImage } from '@platform/domain';
import { api, ApiError } from '../app/api-client';
import { FontFamily, FontSize, InlineMath, Video } from './rich-text-extensions';
import { InsertControls, LinkBubble, TextStyleControls } from './rich-text-toolbar';

interface RichTextEditorProps {
  label: string;
  description?: string;
  value: string;
  onChange: (html: string) => void;
  error?: React.ReactNode;
  minHeight?: number;
  /**
   * Offers the picture button: for texts whose area records the pictures it shows, so the readers
   * of the text may load them (server: shared/rich-text-images, decision 0030).
   */
  images?: boolean;
}

const IMAGE_TYPES = 'image/png,image/jpeg,image/webp,image/gif';

/** Uploads a picture and places it at the cursor, named by its file name for screen readers. */
function InsertImage({ editor }: { editor: TiptapEditor | null }) {
  const [uploading, setUploading] = useState(false);
  async function upload(file: File | null) {
    if (!file || !editor) return;
    const body = new FormData();
    body.append('image', file);
    setUploading(true);
    try {
      const { data } = await api<{ data: RichTextImage }>('/api/rich-text-images', { method: 'POST', body, timeoutMs: 30_000 });
      const alt = file.name.replace(/\.[^.]+$/, '');
      editor.chain().focus().setImage({ src: data.url, alt }).run();
    } catch (error) {
      const fields = error instanceof ApiError && typeof error.errors === 'object' ? error.errors : undefined;
      const message = fields?.image?.[0] ?? (error instanceof ApiError ? error.message : 'The picture could not be uploaded.');
      notifications.show({ color: 'red', title: 'Picture not added', message });
    } finally {
      setUploading(false);
    }
  }
  return (
    <FileButton onChange={upload} accept={IMAGE_TYPES}>
      {(props) => (
        <Editor.Control {...props} aria-label="Insert picture" title="Insert picture" disabled={uploading}>
          {uploading ? <Loader size={12} /> : <IconPhoto size={16} stroke={1.5} />}
        </Editor.Control>
      )}
    </FileButton>
  );
}

/**
 * Rich text as staff write it for investors: headers, sizes, fonts, emphasis, lists, quotes, links,
 * formulas, videos and, where offered, pictures — what the server's sanitiser keeps
 * (platform/sanitize.ts, decision 0042), so what is typed is what is shown.
 * An empty document is reported as '' so the field clears rather than saving an empty paragraph.
 * Spec §9: the editor's card is at least 380px high.
 */
export function RichTextEditor({ label, description, value, onChange, error, minHeight = 380, images = false }: RichTextEditorProps) {
  const labelId = useId();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: false }),
      Link.configure({ openOnClick: false, protocols: ['mailto', 'tel'] }),
      Image.configure({ allowBase64: false }),
      FontSize,
      FontFamily,
      InlineMath,
      Video,
    ],
    content: value,
    immediatelyRender: false,
    editorProps: { attributes: { 'aria-labelledby': labelId, 'aria-multiline': 'true', role: 'textbox' } },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });

  // A value set from outside (a reset, a reload) replaces the document; the editor's own edits do not loop back.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (value !== current) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <Input.Wrapper label={label} description={description} error={error} labelElement="div" labelProps={{ id: labelId }}>
      <Editor editor={editor} mt={4} style={{ borderColor: error ? 'var(--mantine-color-error)' : undefined }}>
        <Editor.Toolbar sticky stickyOffset={0}>
          {editor && <TextStyleControls editor={editor} />}
          <Editor.ControlsGroup>
            <Editor.Bold />
            <Editor.Italic />
            <Editor.Underline />
            <Editor.Strikethrough />
            <Editor.ClearFormatting />
          </Editor.ControlsGroup>
          <Editor.ControlsGroup>
            <Editor.Blockquote />
            <Editor.BulletList />
            <Editor.OrderedList />
          </Editor.ControlsGroup>
          <Editor.ControlsGroup>
            {editor && <InsertControls editor={editor} />}
            {images && <InsertImage editor={editor} />}
          </Editor.ControlsGroup>
          <Editor.ControlsGroup>
            <Editor.Undo />
            <Editor.Redo />
          </Editor.ControlsGroup>
        </Editor.Toolbar>
        {editor && <LinkBubble editor={editor} />}
        <Editor.Content style={{ minHeight }} />
      </Editor>
    </Input.Wrapper>
  );
}
