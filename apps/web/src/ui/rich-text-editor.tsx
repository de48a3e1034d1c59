import { useEffect, useId } from 'react';
import { Input } from '@mantine/core';
import { Link, RichTextEditor as Editor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import '@mantine/tiptap/styles.css';

interface RichTextEditorProps {
  label: string;
  description?: string;
  value: string;
  onChange: (html: string) => void;
  error?: React.ReactNode;
  minHeight?: number;
}

/**
 * Rich text as staff write it for investors: headings, emphasis, lists, quotes and links — the
 * formatting the server's sanitiser keeps (platform/sanitize.ts), so what is typed is what is shown.
 * An empty document is reported as '' so the field clears rather than saving an empty paragraph.
 */
export function RichTextEditor({ label, description, value, onChange, error, minHeight = 380 }: RichTextEditorProps) {
  const labelId = useId();
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false }), Link.configure({ openOnClick: false, protocols: ['mailto', 'tel'] })],
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
          <Editor.ControlsGroup>
            <Editor.Bold />
            <Editor.Italic />
            <Editor.Underline />
            <Editor.Strikethrough />
            <Editor.ClearFormatting />
          </Editor.ControlsGroup>
          <Editor.ControlsGroup>
            <Editor.H2 />
            <Editor.H3 />
            <Editor.H4 />
          </Editor.ControlsGroup>
          <Editor.ControlsGroup>
            <Editor.Blockquote />
            <Editor.BulletList />
            <Editor.OrderedList />
          </Editor.ControlsGroup>
          <Editor.ControlsGroup>
            <Editor.Link />
            <Editor.Unlink />
          </Editor.ControlsGroup>
          <Editor.ControlsGroup>
            <Editor.Undo />
            <Editor.Redo />
          </Editor.ControlsGroup>
        </Editor.Toolbar>
        <Editor.Content style={{ minHeight }} />
      </Editor>
    </Input.Wrapper>
  );
}
