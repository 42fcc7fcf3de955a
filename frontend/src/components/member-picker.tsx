import { useDeferredValue, useEffect, useId, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField, type FieldControlProps } from './form/form-field';
import { ALL_NS } from '../locales/resources';
import { MEMBER_SEARCH_MIN, useMemberSearch } from '../lib/shared-queries/member-search';
import './member-picker.css';

/** The member a picker settled on. */
export interface PickedMember {
  id: string;
  name: string;
  phone: string;
}

/**
 * Finds a member as one types (name, phone or member id; GET /members?search=, which answers only the caller's
 * organization and locations) and picks one. The WAI-ARIA combobox pattern: the input owns a listbox popup, the arrow
 * keys move through the options (aria-activedescendant, focus stays in the input), Enter picks, Escape closes the
 * list and then clears the text; searching, no match, the number of matches and a failed search are announced.
 * Once a member is picked it shows them with a Change button. Put it inside a FormField and pass its control props,
 * so the label, error and hint are tied to the input.
 */
export function MemberPicker({
  control,
  chosen,
  onChoose,
  onTextChange,
  placeholder,
  testId,
  inputRef,
  autoFocus,
}: {
  control: FieldControlProps;
  chosen: PickedMember | null;
  onChoose: (member: PickedMember | null) => void;
  /** The text as typed (trimmed), e.g. to accept a member id typed or scanned in full. */
  onTextChange?: (text: string) => void;
  placeholder: string;
  /** Prefix of the test ids: `<testId>-search`, `<testId>-option`, `<testId>-chosen`. */
  testId: string;
  /** The input, for a form to focus it when the field has an error. */
  inputRef?: Ref<HTMLInputElement>;
  /** Marks the input as the one a dialog focuses when it opens. */
  autoFocus?: boolean;
}) {
  const { t } = useTranslation(ALL_NS);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const term = useDeferredValue(text.trim());
  const search = useMemberSearch(term);
  const listId = useId();
  const statusId = useId();
  const changeRef = useRef<HTMLButtonElement>(null);
  const ownInput = useRef<HTMLInputElement | null>(null);
  // Where focus goes once a pick or a Change has rendered: the Change button that replaces the input, or the input back.
  const focusNext = useRef<'change' | 'input' | null>(null);
  useEffect(() => {
    const target = focusNext.current === 'change' ? changeRef.current : focusNext.current === 'input' ? ownInput.current : null;
    if (!target) return;
    focusNext.current = null;
    target.focus();
  });

  const searching = term.length >= MEMBER_SEARCH_MIN;
  const options = searching && !search.isError && search.data ? search.data : [];
  const expanded = open && searching && options.length > 0;
  const optionId = (i: number) => `${listId}-${i}`;

  const pick = (i: number) => {
    const m = options[i];
    if (!m) return;
    onChoose({ id: m._id, name: m.fullName, phone: m.user.phone });
    setText('');
    setOpen(false);
    setActive(-1);
    // The picked member replaces the input: focus goes to their Change button, not to the page.
    focusNext.current = 'change';
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        setOpen(true);
        if (options.length) setActive((a) => (a + 1) % options.length);
        return;
      case 'ArrowUp':
        e.preventDefault();
        setOpen(true);
        if (options.length) setActive((a) => (a <= 0 ? options.length - 1 : a - 1));
        return;
      case 'Enter':
        // With an option highlighted Enter picks it; otherwise the surrounding form is sent as usual.
        if (expanded && active >= 0) {
          e.preventDefault();
          pick(active);
        }
        return;
      case 'Escape':
        // Inside a dialog, the first Escape closes the list, not the dialog.
        if (expanded) {
          e.preventDefault();
          e.stopPropagation();
          setOpen(false);
          setActive(-1);
        } else if (text) {
          e.preventDefault();
          e.stopPropagation();
          setText('');
          onTextChange?.('');
        }
        return;
      default:
        return;
    }
  };

  if (chosen)
    return (
      <div className="member-picker__chosen" data-testid={`${testId}-chosen`}>
        <span>
          {t('common:memberPicker.chosen')} <strong>{chosen.name}</strong>
          {chosen.phone ? <span className="text-muted"> · {chosen.phone}</span> : null}
        </span>
        <button
          ref={changeRef}
          type="button"
          className="btn btn--ghost btn--sm"
          aria-label={t('common:memberPicker.changeLabel', { name: chosen.name })}
          onClick={() => {
            focusNext.current = 'input';
            onChoose(null);
          }}
        >
          {t('common:memberPicker.change')}
        </button>
      </div>
    );

  const status = !searching
    ? ''
    : search.isPending
      ? t('common:memberPicker.searching')
      : search.isError
        ? ''
        : options.length === 0
          ? t('common:memberPicker.none')
          : t('common:memberPicker.count', { count: options.length });

  return (
    <div className="member-picker">
      <input
        {...control}
        ref={(el) => {
          ownInput.current = el;
          if (typeof inputRef === 'function') inputRef(el);
          else if (inputRef) inputRef.current = el;
        }}
        type="text"
        role="combobox"
        className="input"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(-1);
          onTextChange?.(e.target.value.trim());
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
        onBlur={() => {
          setOpen(false);
          setActive(-1);
        }}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        aria-describedby={[control['aria-describedby'], statusId].filter(Boolean).join(' ')}
        data-autofocus={autoFocus ? '' : undefined}
        data-testid={`${testId}-search`}
      />
      <ul id={listId} role="listbox" className="member-picker__list" aria-label={t('common:memberPicker.results')} hidden={!expanded}>
        {expanded
          ? options.map((m, i) => (
              <li
                key={m._id}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                className={`member-picker__option${i === active ? ' member-picker__option--active' : ''}`}
                // Keep the focus in the input: the click picks, the blur would close the list first.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => pick(i)}
                data-testid={`${testId}-option`}
              >
                <span className="member-picker__name">{m.fullName}</span>
                <span className="text-muted">{m.user.phone}</span>
              </li>
            ))
          : null}
      </ul>
      <p id={statusId} className={searching && !search.isError ? 'member-picker__status text-muted' : 'visually-hidden'} role="status" aria-live="polite">
        {status}
      </p>
      {searching && search.isError ? (
        <div className="member-picker__error" role="alert">
          <span>{t('common:memberPicker.error')}</span>
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            onClick={() => {
              // Back to the input, its list open for what the search finds this time.
              ownInput.current?.focus();
              void search.refetch();
            }}
            disabled={search.isFetching}
          >
            {t('common:actions.tryAgain')}
          </button>
        </div>
      ) : null}
    </div>
  );
}

/**
 * The `memberId` field of the surrounding form, picked with a MemberPicker: picking a member sets it (and clears its
 * error), Change empties it; `onChoose` hears the member picked, for the form to show or send. Remount it (a new `key`)
 * to clear its text after the form is sent.
 */
export function MemberIdField({
  label,
  chosen,
  onChoose,
  placeholder,
  testId,
  autoFocus,
}: {
  label: string;
  chosen: PickedMember | null;
  onChoose: (member: PickedMember | null) => void;
  placeholder: string;
  testId: string;
  autoFocus?: boolean;
}) {
  const { setValue, clearErrors } = useFormContext<{ memberId: string }>();
  return (
    <FormField name="memberId" label={label} required>
      {(control) => (
        <MemberPicker
          control={control}
          chosen={chosen}
          onChoose={(m) => {
            onChoose(m);
            setValue('memberId', m?.id ?? '');
            clearErrors('memberId');
          }}
          placeholder={placeholder}
          testId={testId}
          autoFocus={autoFocus}
        />
      )}
    </FormField>
  );
}
