// Pages of RP-initiated logout: the confirmation form (submitted by a same-origin script, so a
// citizen passes through in one step; without script it is one visible button) and "signed out".
const TEXT = {
  it: { title: 'Uscita in corso', button: 'Esci', done: 'Sei uscito', back: 'Torna al portale' },
  en: { title: 'Signing out', button: 'Sign out', done: 'You are signed out', back: 'Back to the portal' },
};

function language(acceptLanguage: string | undefined): 'it' | 'en' {
  return acceptLanguage?.toLowerCase().startsWith('en') ? 'en' : 'it';
}

export function renderLogoutPage(form: string, acceptLanguage: string | undefined): string {
  const lang = language(acceptLanguage);
  const t = TEXT[lang];
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t.title}</title><link rel="stylesheet" href="/idp-login/assets/login.css"><script src="/idp-login/assets/logout.js" defer></script></head>
<body><main class="wrap" id="main"><h1>${t.title}</h1>${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes" id="confirm-logout">${t.button}</button></main></body></html>`;
}

export function renderSignedOutPage(publicUrl: string, acceptLanguage: string | undefined): string {
  const lang = language(acceptLanguage);
  const t = TEXT[lang];
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${t.done}</title><link rel="stylesheet" href="/idp-login/assets/login.css"></head>
<body><main class="wrap" id="main"><h1>${t.done}</h1><p><a href="${publicUrl}/">${t.back}</a></p></main></body></html>`;
}

export const LOGOUT_JS = "document.getElementById('confirm-logout')?.click();\n";
