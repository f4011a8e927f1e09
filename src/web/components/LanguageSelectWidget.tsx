// Language selector of the slim header (loaded on demand, see LanguageSelect.tsx): a react-aria
// Select (listbox pattern, full keyboard support) with a visually hidden "Lingua"/"Language" label.
// The trigger shows the short code (IT/EN); its accessible name is "<code> <label>", so the visible
// text is part of the name (WCAG 2.5.3).
import { Button, Label, ListBox, ListBoxItem, Popover, Select, SelectValue, type Key } from 'react-aria-components';
import { LANGUAGES, type Language } from '#shared/constants.ts';
import { useConfig } from '../app/ConfigProvider.tsx';
import { useLanguage } from '../i18n/LanguageProvider.tsx';
import { parseLanguage } from '../i18n/language.ts';
import { useT } from '../i18n/use-t.ts';
import { Icon } from './Icon.tsx';

/** `defaultOpen`: mounted by a press on the stand-in trigger (LanguageSelect.tsx), so open at once. */
export function LanguageSelectWidget({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const t = useT();
  const { language, setLanguage } = useLanguage();
  // The configured languages (spec §2: they come from the translation setup), those we have
  // messages for; all of ours until the configuration arrives.
  const configured = useConfig()?.settings.languages.filter((code) => LANGUAGES.includes(code));
  const languages: readonly Language[] = configured?.length ? configured : LANGUAGES;
  const onChange = (key: Key | null) => {
    const next = parseLanguage(key === null ? null : String(key));
    if (next && next !== language) setLanguage(next);
  };
  return (
    <Select className="app-language-select" value={language} onChange={onChange} defaultOpen={defaultOpen}>
      <Label className="visually-hidden">{t('header.language')}</Label>
      <Button className="app-language-button">
        <SelectValue>{() => language.toUpperCase()}</SelectValue>
        <Icon name="expand" className="icon-white icon-sm" />
      </Button>
      <Popover className="app-language-popover" placement="bottom end">
        <ListBox className="app-language-list">
          {languages.map((code: Language) => (
            // Each language's name is written in that language, and marked so.
            <ListBoxItem key={code} id={code} lang={code} textValue={t(`header.language.${code}`)} className="app-language-option">
              {t(`header.language.${code}`)}
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </Select>
  );
}
