/**
 * The development provider's pages: plain HTML forms and one stylesheet, no script, so they pass
 * the product's Content-Security-Policy.
 */

export const DEV_STYLESHEET_PATH = '/oidc/interaction/sign-in.css';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!,
  );

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${DEV_STYLESHEET_PATH}">
</head>
<body>
<main class="card">
${body}
</main>
</body>
</html>`;
}

export interface SignInForm {
  action: string;
  brandName: string;
  email?: string;
  firstName?: string;
  lastName?: string;
  error?: string;
}

export function renderSignInPage(form: SignInForm): string {
  const error = form.error
    ? `<p class="error" id="email-error" role="alert">${escapeHtml(form.error)}</p>`
    : '';
  const describedBy = form.error ? 'email-error' : 'email-hint';
  return page(
    `Sign in to ${form.brandName} (development)`,
    `<h1>Sign in to ${escapeHtml(form.brandName)}</h1>
<p class="note">Development sign-in. Any e-mail address is accepted and treated as verified; production uses Google.</p>
${error}
<form method="post" action="${escapeHtml(form.action)}">
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="email" required autofocus aria-describedby="${describedBy}"${form.error ? ' aria-invalid="true"' : ''} value="${escapeHtml(form.email ?? '')}">
  <p class="hint" id="email-hint">For example jane@example.com</p>
  <label for="first_name">First name</label>
  <input id="first_name" name="first_name" type="text" autocomplete="given-name" aria-describedby="optional-hint" value="${escapeHtml(form.firstName ?? '')}">
  <label for="last_name">Last name</label>
  <input id="last_name" name="last_name" type="text" autocomplete="family-name" aria-describedby="optional-hint" value="${escapeHtml(form.lastName ?? '')}">
  <p class="hint" id="optional-hint">First and last name are optional.</p>
  <button type="submit">Sign in</button>
</form>`,
  );
}

export function renderProblemPage(title: string, message: string): string {
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
<p><a href="/">Back to the sign-in screen</a></p>`,
  );
}

export function stylesheet(brandColor: string): string {
  return `*,*::before,*::after{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:16px;background:#f5f5f4;color:#1c1917;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
.card{width:100%;max-width:400px;background:#fff;border:1px solid #e7e5e4;border-radius:12px;padding:32px 24px}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 8px}
.note,.hint{color:#57534e;font-size:.875rem;margin:0 0 16px}
.hint{margin:4px 0 16px}
.error{color:#b91c1c;background:#fef2f2;border:1px solid #fecaca;border-radius:8px;padding:8px 12px;margin:0 0 16px}
form{display:flex;flex-direction:column}
label{font-weight:600;margin:8px 0 4px}
input{font:inherit;padding:8px 12px;border:1px solid #a8a29e;border-radius:8px}
input[aria-invalid="true"]{border-color:#b91c1c}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid ${brandColor};outline-offset:2px}
button{font:inherit;font-weight:600;margin-top:16px;padding:10px 16px;border:0;border-radius:8px;background:${brandColor};color:#fff;cursor:pointer}
a{color:${brandColor}}
`;
}
