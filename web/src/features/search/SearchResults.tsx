import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { SEARCH_KINDS, type SearchKind, type SearchResult } from '@taktwerk/common';
import { cx } from '../../ui/class-names';
import { Icon } from '../../ui/Icon';
import type { IconName } from '../../ui/icon-paths';
import { Spinner } from '../../ui/Spinner';

const KIND_LABELS: Record<SearchKind, ParseKeys> = {
  machine: 'search.kinds.machine',
  tag: 'search.kinds.tag',
  page: 'search.kinds.page',
  user: 'search.kinds.user',
  organization: 'search.kinds.organization',
};
const KIND_ICONS: Record<SearchKind, IconName> = { machine: 'factory', tag: 'tag', page: 'file', user: 'user', organization: 'building' };

interface SearchResultsProps {
  id: string;
  open: boolean;
  text: string;
  /** In display order; `active` and `optionId` index into it. */
  results: readonly SearchResult[];
  searching: boolean;
  tooShort: boolean;
  minChars: number;
  active: number;
  optionId: (index: number) => string;
  onHover: (index: number) => void;
  onOpen: (result: SearchResult) => void;
}

/** The search list, grouped by kind; mousedown keeps the focus in the input so the list stays open for the click. */
export function SearchResults({ id, open, text, results, searching, tooShort, minChars, active, optionId, onHover, onOpen }: SearchResultsProps) {
  const { t } = useTranslation();
  const status = tooShort
    ? t('search.minChars', { count: minChars })
    : results.length === 0
      ? searching
        ? t('search.searching')
        : t('search.noResults', { query: text })
      : null;
  return (
    <div className="search-popover" hidden={!open} onMouseDown={(e) => e.preventDefault()}>
      <div id={id} role="listbox" aria-label={t('search.results')}>
        {SEARCH_KINDS.map((kind) => {
          const ofKind = results.map((result, index) => ({ result, index })).filter(({ result }) => result.kind === kind);
          if (ofKind.length === 0) return null;
          return (
            <div key={kind} role="group" aria-label={t(KIND_LABELS[kind])} className="search-group">
              <p className="search-group-title" aria-hidden="true">
                {t(KIND_LABELS[kind])}
              </p>
              {ofKind.map(({ result, index }) => (
                <div
                  key={`${result.kind}:${result.id}`}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  className={cx('search-option', index === active && 'search-option-active')}
                  onMouseEnter={() => onHover(index)}
                  onClick={() => onOpen(result)}
                >
                  <Icon name={KIND_ICONS[kind]} className="search-option-icon" />
                  <span className="search-option-text">
                    <span className="search-option-title">{result.title}</span>
                    {result.subtitle && <span className="search-option-subtitle">{result.subtitle}</span>}
                  </span>
                </div>
              ))}
            </div>
          );
        })}
      </div>
      {status && (
        <p className="search-status" role="status">
          {searching && !tooShort && <Spinner size="sm" />}
          {status}
        </p>
      )}
      {searching && results.length > 0 && <span className="visually-hidden">{t('search.searching')}</span>}
    </div>
  );
}
