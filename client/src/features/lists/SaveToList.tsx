import { errorMessage } from '../../lib/failure';
import { useQuery } from '@apollo/client/react';
import type { CartItem } from '@domain/cart';
import { ROUTES } from '@domain/routes';
import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { SavedListsDocument } from './graphql/saveToList.generated';
import { useListActions } from './useListActions';
import { useT } from '../../i18n';
import { notify } from '../../lib/toast';
import { useSession } from '../account';

const NEW = '__new__';

/** Save the configured item to one of the user's lists, or to a new one. Signed-out shoppers are asked to sign in. */
export function SaveToList({ items, disabled = false }: { items: CartItem[]; disabled?: boolean }) {
  const t = useT();
  const id = useId();
  const location = useLocation();
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const { data } = useQuery(SavedListsDocument, { skip: !user || !open });
  const { create, add } = useListActions();
  // Its own lists, and those its company shares for editing.
  const lists = (data?.savedLists ?? []).filter((l) => l.canEdit);
  const [choice, setChoice] = useState('');
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const target = choice || (lists[0]?.id ?? NEW);

  if (!user) {
    return (
      <Link
        className="save-to-list__signin"
        to={`${ROUTES.signIn}?callbackUrl=${encodeURIComponent(location.pathname + location.search)}`}
      >
        {t('lists.signInToSave')}
      </Link>
    );
  }
  const save = async () => {
    setBusy(true);
    try {
      let listId = target;
      let listName = lists.find((l) => l.id === target)?.name ?? '';
      if (target === NEW) {
        const created = await create({ variables: { input: { name, description: '' } } });
        listId = created.data!.createSavedList.id;
        listName = created.data!.createSavedList.name;
      }
      await add({ variables: { listId, items } });
      void notify('success', t('lists.saved', { list: listName }));
      setOpen(false);
      setName('');
    } catch (err) {
      void notify('error', errorMessage(err, t('lists.failed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="save-to-list">
      <button
        type="button"
        className="btn btn--outline-primary"
        disabled={disabled}
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => setOpen(!open)}
      >
        {t('lists.saveToList')}
      </button>
      {open && (
        <div
          id={`${id}-panel`}
          className="save-to-list__panel panel"
          role="group"
          aria-label={t('lists.saveToList')}
        >
          <div className="field">
            <label htmlFor={`${id}-list`}>{t('lists.list')}</label>
            <select id={`${id}-list`} value={target} onChange={(e) => setChoice(e.target.value)}>
              {lists.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.ownerName ? t('lists.nameBy', { list: l.name, name: l.ownerName }) : l.name}
                </option>
              ))}
              <option value={NEW}>{t('lists.newList')}</option>
            </select>
          </div>
          {target === NEW && (
            <div className="field">
              <label htmlFor={`${id}-name`}>{t('lists.name')}</label>
              <input
                id={`${id}-name`}
                value={name}
                maxLength={80}
                onChange={(e) => setName(e.target.value)}
              />
            </div>
          )}
          <button
            type="button"
            className="btn btn--primary"
            disabled={busy || (target === NEW && !name.trim())}
            onClick={() => void save()}
          >
            {t('lists.save')}
          </button>
        </div>
      )}
    </div>
  );
}
