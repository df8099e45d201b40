import type { Message } from '../store/types';

// Server-rendered pages of the join journey: one self-contained document each (inline CSS, no
// script, no external asset). Every value from the database or the request goes through
// escapeHtml; message bodies are already HTML from the Markdown renderer, which escapes raw HTML.

export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

const STYLE = `
:root { color-scheme: light dark; --accent: #1f5fbf; --error: #b3261e; --muted: #5a5a5a; --card: #f6f7f9; }
@media (prefers-color-scheme: dark) { :root { --accent: #8ab4f8; --error: #f2b8b5; --muted: #b0b0b0; --card: #23262b; } }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
main { max-width: 32rem; margin: 3rem auto; padding: 0 1rem; }
h1 { font-size: 1.6rem; line-height: 1.25; margin: 0 0 .5rem; }
h2 { font-size: 1.15rem; margin: 2rem 0 .5rem; }
p.lead { color: var(--muted); margin-top: 0; }
form { display: grid; gap: .35rem; margin-top: 1.5rem; }
label { font-weight: 600; margin-top: .75rem; }
input { font: inherit; padding: .55rem .65rem; border: 1px solid #8a8a8a; border-radius: 6px; width: 100%; }
input:focus, button:focus, a:focus { outline: 3px solid var(--accent); outline-offset: 2px; }
button { font: inherit; font-weight: 600; margin-top: 1.25rem; padding: .65rem 1rem; border: 0; border-radius: 6px;
  background: var(--accent); color: #fff; cursor: pointer; }
@media (prefers-color-scheme: dark) { button { color: #111; } }
.error { color: var(--error); font-weight: 600; }
.key { display: block; font: 1.05rem/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; padding: .75rem;
  background: var(--card); border-radius: 6px; word-break: break-all; user-select: all; }
.message { background: var(--card); border-radius: 6px; padding: .75rem 1rem; margin: .75rem 0; }
.message h3 { font-size: .95rem; margin: 0 0 .25rem; }
.message p { margin: .4rem 0; }
pre { white-space: pre-wrap; word-break: break-all; background: var(--card); padding: .75rem; border-radius: 6px; }
`;

function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

export interface SignUpForm {
  email: string;
  fullName: string;
  error: string | null;
}

export function signUpPage(organizationName: string, form: SignUpForm): string {
  const org = escapeHtml(organizationName);
  const error = form.error === null ? '' : `<p class="error" role="alert" id="form-error">${escapeHtml(form.error)}</p>\n`;
  const described = form.error === null ? '' : ' aria-describedby="form-error"';
  return page(`Join ${organizationName}`, `<h1>Join ${org}</h1>
<p class="lead">You have been invited to <strong>${org}</strong>. Create your account to get started.</p>
${error}<form method="post"${described}>
<label for="email">Email address</label>
<input id="email" name="email" type="email" autocomplete="email" required maxlength="254" value="${escapeHtml(form.email)}">
<label for="full_name">Full name</label>
<input id="full_name" name="full_name" type="text" autocomplete="name" required maxlength="100" value="${escapeHtml(form.fullName)}">
<button type="submit">Sign up</button>
</form>`);
}

export function linkErrorPage(message: string): string {
  return page('Invitation link problem', `<h1>Whoops.</h1>
<p class="error" role="alert">${escapeHtml(message)}</p>
<p>Ask the person who invited you for a new link.</p>`);
}

export interface JoinedPage {
  organizationName: string;
  organizationUrl: string;
  email: string;
  fullName: string;
  apiKey: string;
  messages: Message[];
}

export function joinedPage(p: JoinedPage): string {
  const org = escapeHtml(p.organizationName);
  const messages = p.messages.map((m) => `<article class="message">
<h3>${escapeHtml(m.senderName)}</h3>
${m.renderedContent}
</article>`).join('\n');
  const registerUrl = `${p.organizationUrl.replace(/\/+$/, '')}/api/v1/register`;
  return page(`Welcome to ${p.organizationName}`, `<h1>Welcome to ${org}, ${escapeHtml(p.fullName)}!</h1>
<p class="lead">Your account <strong>${escapeHtml(p.email)}</strong> is ready.</p>
<h2 id="api-key-heading">Your API key</h2>
<p>Copy it now: it is shown only once. Use it with your e-mail address to sign in from Zulip clients and scripts.</p>
<code class="key" id="api-key" aria-labelledby="api-key-heading">${escapeHtml(p.apiKey)}</code>
<pre aria-label="Example request">curl -sS -u ${escapeHtml(p.email)}:${escapeHtml(p.apiKey)} -X POST ${escapeHtml(registerUrl)}</pre>
<h2>Your messages</h2>
${messages}`);
}
