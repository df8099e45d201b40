import MarkdownIt from 'markdown-it';

// Zulip-flavoured rendering of descriptions: raw HTML is escaped, bare URLs become links and a
// single newline becomes <br>, as Zulip renders them.
const md = new MarkdownIt({ html: false, linkify: true, breaks: true, typographer: false });

export function renderMarkdown(source: string): string {
  if (source === '') return '';
  return md.render(source).trimEnd();
}
