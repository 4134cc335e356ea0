import { useEffect, useEffectEvent, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isSearchable, searchTarget, SEARCH, type SearchResult } from '@taktwerk/common';
import { useAccount } from '../../app/auth/use-account';
import { routeHref } from '../../app/router/hash-route';
import { Button } from '../../ui/Button';
import { cx } from '../../ui/class-names';
import { Icon } from '../../ui/Icon';
import { useToast } from '../../ui/Toast';
import { SearchResults } from './SearchResults';
import { useGlobalSearch } from './use-global-search';
import './search.css';

/**
 * The header's global search (spec part 1 §2, §5, §6, §9): a combobox whose list opens from 2 characters, moves with
 * the arrow keys, opens a result with Enter or a click, and closes with Escape. On phones it folds into a button.
 */
export function GlobalSearch() {
  const { t } = useTranslation();
  const { user } = useAccount();
  const { showToast } = useToast();
  const [typed, setTyped] = useState('');
  const [listOpen, setListOpen] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  const enterPending = useRef(false);
  const listId = useId();
  const { results, searching } = useGlobalSearch(typed, user);
  const showList = listOpen && typed.trim() !== '';
  const optionId = (index: number) => `${listId}-option-${index}`;

  function reset() {
    enterPending.current = false;
    setTyped('');
    setListOpen(false);
    setExpanded(false);
    setActive(-1);
    inputRef.current?.blur();
  }

  function handleOpen(result: SearchResult) {
    const target = searchTarget(result, { userId: user.id, role: user.role, permissions: user.permissions });
    if (target === 'denied') showToast({ type: 'error', title: t('search.accessDenied'), message: t('search.accessDeniedUser') });
    else window.location.hash = routeHref(target.route, target.params);
    reset();
  }

  function handleChange(text: string) {
    enterPending.current = false;
    setTyped(text);
    setListOpen(true);
    setActive(-1);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      if (showList) setListOpen(false);
      else reset();
      return;
    }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setListOpen(true);
      if (results.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + results.length + (current < 0 && step < 0 ? 1 : 0)) % results.length);
      return;
    }
    if (event.key === 'Enter' && showList && isSearchable(typed)) {
      event.preventDefault();
      // Enter before the results for what was typed are in opens the first of them once they are.
      if (searching && active < 0) enterPending.current = true;
      else if (results[active] ?? results[0]) handleOpen((results[active] ?? results[0])!);
    }
  }

  const openPendingEnter = useEffectEvent(() => {
    enterPending.current = false;
    if (results[0]) handleOpen(results[0]);
  });
  useEffect(() => {
    if (enterPending.current && !searching) openPendingEnter();
  }, [searching]);

  function handleExpand() {
    setExpanded(true);
    requestAnimationFrame(() => inputRef.current?.focus());
  }

  return (
    <div className={cx('global-search', expanded && 'global-search-expanded')}>
      <Button
        variant="ghost"
        iconOnly
        className="global-search-toggle"
        aria-label={t('search.label')}
        onClick={handleExpand}
        icon={<Icon name="search" />}
      />
      <div className="global-search-box" role="search">
        <Icon name="search" className="global-search-icon" />
        <input
          ref={inputRef}
          type="search"
          className="input global-search-input"
          placeholder={t('search.placeholder')}
          aria-label={t('search.label')}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
          value={typed}
          maxLength={100}
          autoComplete="off"
          onChange={(e) => handleChange(e.target.value)}
          onKeyDown={handleKeyDown}
          onFocus={() => setListOpen(true)}
          onBlur={() => {
            setListOpen(false);
            if (!typed) setExpanded(false);
          }}
        />
        {expanded && (
          <Button variant="ghost" size="sm" iconOnly className="global-search-close" aria-label={t('search.clear')} onMouseDown={(e) => e.preventDefault()} onClick={reset} icon={<Icon name="close" />} />
        )}
        <SearchResults
          id={listId}
          open={showList}
          text={typed.trim()}
          results={results}
          searching={searching}
          tooShort={!isSearchable(typed)}
          minChars={SEARCH.minChars}
          active={active}
          optionId={optionId}
          onHover={setActive}
          onOpen={handleOpen}
        />
      </div>
    </div>
  );
}
