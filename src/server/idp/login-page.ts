// The embedded provider's own sign-in page: every demo identity is a button named after the person.
// Server-rendered, no script, styles from a same-origin file (the portal's CSP forbids inline ones).
import type { Language } from '#shared/constants.ts';
import type { DemoPerson } from '../db/seed/people.ts';

const TEXT = {
  it: {
    title: 'Accedi con identità digitale',
    lead: 'Ambiente dimostrativo: scegli la persona con cui accedere. Non usare in produzione.',
    people: 'Persone di prova',
    fiscalCode: 'Codice fiscale',
    eidas: 'Identità europea (eIDAS)',
    staff: 'Personale dello sportello',
    citizen: 'Cittadino',
    inactive: 'Account disattivato',
    switchTo: 'English',
    cancel: 'Annulla e torna al portale',
  },
  en: {
    title: 'Sign in with a digital identity',
    lead: 'Demonstration environment: choose who to sign in as. Never use in production.',
    people: 'Demo people',
    fiscalCode: 'Fiscal code',
    eidas: 'European identity (eIDAS)',
    staff: 'Office staff',
    citizen: 'Citizen',
    inactive: 'Account deactivated',
    switchTo: 'Italiano',
    cancel: 'Cancel and return to the portal',
  },
} satisfies Record<Language, Record<string, string>>;

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function renderLoginPage(options: { uid: string; language: Language; people: DemoPerson[] }): string {
  const t = TEXT[options.language];
  const other: Language = options.language === 'it' ? 'en' : 'it';
  const action = `/idp-login/${encodeURIComponent(options.uid)}`;
  const items = options.people
    .map((p) => {
      const detail = p.fiscalCode ? `${t.fiscalCode} ${p.fiscalCode}` : `${t.eidas} ${p.eidasId}`;
      const role = p.realm === 'BO' ? t.staff : t.citizen;
      const note = p.active ? '' : ` · ${t.inactive}`;
      return `<li><button type="submit" name="person" value="${escapeHtml(p.key)}" aria-describedby="d-${escapeHtml(p.key)}">${escapeHtml(`${p.firstName} ${p.lastName}`)}</button>
        <span id="d-${escapeHtml(p.key)}" class="detail">${escapeHtml(`${detail} · ${role}${note}`)}</span></li>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="${options.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t.title)}</title>
<link rel="stylesheet" href="/idp-login/assets/login.css">
</head>
<body>
<header class="band"><div class="wrap"><span class="brand">SUAP · Identity provider</span>
<a class="lang" href="${action}?lang=${other}" lang="${other}">${t.switchTo}</a></div></header>
<main class="wrap" id="main">
<h1>${escapeHtml(t.title)}</h1>
<p class="lead">${escapeHtml(t.lead)}</p>
<form method="post" action="${action}">
<h2>${escapeHtml(t.people)}</h2>
<ul class="people">
${items}
</ul>
</form>
<form method="post" action="${action}/abort"><button type="submit" class="secondary">${escapeHtml(t.cancel)}</button></form>
</main>
</body>
</html>`;
}

export const LOGIN_CSS = `
*{box-sizing:border-box}
body{margin:0;font-family:"Titillium Web",Geneva,Tahoma,sans-serif;color:#1a1a1a;background:#f5f5f5;line-height:1.5}
.wrap{max-width:48rem;margin:0 auto;padding:0 1rem}
.band{background:#0066cc;color:#fff;padding:.75rem 0}
.band .wrap{display:flex;justify-content:space-between;align-items:center}
.brand{font-weight:700}
.lang{color:#fff}
h1{font-size:1.75rem;margin:1.5rem 0 .5rem}
h2{font-size:1.25rem}
.lead{color:#4d4d4d}
.people{list-style:none;padding:0}
.people li{background:#fff;border:1px solid #d1d1d1;border-radius:4px;padding:.75rem 1rem;margin:.5rem 0;display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:center}
button{font:inherit;font-weight:600;background:#0066cc;color:#fff;border:2px solid #0066cc;border-radius:4px;padding:.5rem 1rem;cursor:pointer;min-height:44px}
button:hover{background:#004d99}
button:focus-visible,a:focus-visible{outline:3px solid #f90;outline-offset:2px}
button.secondary{background:#fff;color:#0066cc}
.detail{color:#4d4d4d}
`;
