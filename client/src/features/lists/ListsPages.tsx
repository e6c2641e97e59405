import { errorMessage } from '../../lib/failure';
import { SignInRedirect, useSession } from '../account';
import { useDescribeConfiguration } from '../../lib/configuration';
import { FocusFirstError, Field, FormError, SelectField, useFormSubmit } from '../../components/form';
import { useQuery } from '@apollo/client/react';
import { productPath, ROUTES, savedListPath } from '@domain/routes';
import { SAVED_LIST_SHARING, savedListSchema, type SavedListSharing } from '@domain/saved-lists';
import { Form, Formik, type FormikHelpers } from 'formik';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Skeleton } from '../../components/Skeleton';
import { SavedListDocument } from './graphql/lists.generated';
import { SavedListsDocument, type SavedListFieldsFragment } from './graphql/saveToList.generated';
import { useListActions } from './useListActions';
import { useT } from '../../i18n';
import { notify } from '../../lib/toast';
import { usePageMeta } from '../../lib/usePageMeta';
import { QuickOrderForm } from './QuickOrderForm';
import { useMoney } from '../../lib/money';

/** Signed-out visitors go to sign-in and come back. */
function useSignedIn() {
  const { user, status } = useSession();
  const redirect = status === 'unauthenticated' ? <SignInRedirect /> : null;
  return { user, loading: status === 'loading', redirect };
}

/** /user/account/lists: the user's lists and a form for a new one. */
export function SavedListsPage() {
  const t = useT();
  usePageMeta(t('lists.title'));
  const { user, loading, redirect } = useSignedIn();
  const { data } = useQuery(SavedListsDocument, { skip: !user, fetchPolicy: 'cache-and-network' });
  const { create } = useListActions();
  type NewList = { name: string; description: string; sharing: SavedListSharing };
  const { submit, failure } = useFormSubmit(
    async (values: NewList, helpers: FormikHelpers<NewList>) => {
      await create({ variables: { input: values } });
      helpers.resetForm();
    },
    { fallback: t('lists.failed') },
  );
  // A company's members share lists with it (decision 045).
  const inCompany = (user?.accounts.length ?? 0) > 0;
  if (redirect) return redirect;
  if (loading || !data) return <Skeleton rows={2} />;
  return (
    <div className="container section">
      <h1>{t('lists.title')}</h1>
      <div className="lists">
        <section>
          {data.savedLists.length === 0 ? (
            <p className="lead">{t('lists.none')}</p>
          ) : (
            <ul className="lists__items">
              {data.savedLists.map((l) => (
                <li key={l.id} className="panel" data-testid="saved-list">
                  <Link to={savedListPath(l.id)}>
                    <strong>{l.name}</strong>
                  </Link>
                  <span className="lists__count">{t('lists.itemCount', { count: l.itemCount })}</span>
                  <SharingTag list={l} />
                  {l.description && <p>{l.description}</p>}
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="panel" aria-labelledby="new-list-title">
          <h2 id="new-list-title">{t('lists.newList')}</h2>
          <Formik
            initialValues={{ name: '', description: '', sharing: 'private' as SavedListSharing }}
            validationSchema={savedListSchema}
            onSubmit={submit}
          >
            {({ isSubmitting }) => (
              <Form method="post" className="form" noValidate aria-label={t('lists.newList')}>
                <FocusFirstError />
                <FormError message={failure} />
                <Field name="name" label={t('lists.name')} />
                <Field name="description" label={t('lists.description')} />
                {inCompany && <SharingField />}
                <button type="submit" className="btn btn--primary" disabled={isSubmitting}>
                  {t('lists.create')}
                </button>
              </Form>
            )}
          </Formik>
        </section>
      </div>
    </div>
  );
}

/** /user/account/lists/:id: the items, priced today, with quantities; move to the cart; quick order. */
export function SavedListPage() {
  const describeConfig = useDescribeConfiguration();
  const t = useT();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const { user, loading, redirect } = useSignedIn();
  const { data, error } = useQuery(SavedListDocument, { variables: { id }, skip: !user || !id });
  const { updateItem: update, removeItems: remove, moveToCart: move, destroy, edit } = useListActions();
  const [busy, setBusy] = useState(false);
  const list = data?.savedList;
  const money = useMoney();
  usePageMeta(list?.name ?? t('lists.title'));
  if (redirect) return redirect;
  if (error) {
    return (
      <div className="container section">
        <h1>{t('lists.notFound')}</h1>
        <Link to={ROUTES.savedLists}>{t('lists.title')}</Link>
      </div>
    );
  }
  if (loading || !list) return <Skeleton rows={3} />;
  const act = (work: Promise<unknown>, done?: string) => {
    setBusy(true);
    void work
      .then(() => {
        if (done) void notify('success', done);
      })
      .catch((err: unknown) => notify('error', errorMessage(err, t('lists.failed'))))
      .finally(() => setBusy(false));
  };
  return (
    <div className="container section">
      <p>
        <Link to={ROUTES.savedLists}>{t('lists.title')}</Link>
      </p>
      <header className="order__header">
        <div>
          <h1>{list.name}</h1>
          {list.description && <p className="lead">{list.description}</p>}
          <SharingTag list={list} />
        </div>
        <div className="actions">
          <button
            type="button"
            className="btn btn--primary"
            disabled={busy || list.items.length === 0}
            onClick={() =>
              act(
                move({ variables: { listId: list.id, ids: null } }),
                t(list.mine ? 'lists.movedAll' : 'lists.addedAll'),
              )
            }
          >
            {t(list.mine ? 'lists.moveAll' : 'lists.addAllToCart')}
          </button>
          {list.mine && (
            <button
              type="button"
              className="btn btn--outline-primary"
              disabled={busy}
              onClick={() =>
                act(
                  destroy({ variables: { id: list.id } }).then(() => navigate(ROUTES.savedLists)),
                  t('lists.deleted', { list: list.name }),
                )
              }
            >
              {t('lists.delete')}
            </button>
          )}
        </div>
      </header>
      {list.mine && (user?.accounts.length ?? 0) > 0 && (
        <label className="field lists__sharing">
          <span>{t('lists.sharing')}</span>
          <select
            value={list.sharing}
            disabled={busy}
            data-testid="list-sharing"
            onChange={(e) =>
              act(
                edit({
                  variables: {
                    id: list.id,
                    input: { name: list.name, description: list.description, sharing: e.target.value },
                  },
                }),
                t('lists.sharingSaved'),
              )
            }
          >
            {SAVED_LIST_SHARING.map((s) => (
              <option key={s} value={s}>
                {t(`lists.sharing.${s}`)}
              </option>
            ))}
          </select>
        </label>
      )}
      {!list.canEdit && (
        <p className="notice" role="note">
          {t('lists.readOnly', { name: list.ownerName ?? '' })}
        </p>
      )}
      {list.items.length === 0 ? (
        <p className="lead">{t('lists.empty')}</p>
      ) : (
        <ul className="cart__lines" aria-label={t('lists.items')}>
          {list.items.map((item) => (
            <li key={item.cartLineId} className="order-line" data-testid="list-item">
              <div>
                <Link to={productPath(item.itemId)}>{item.name}</Link>
                <p className="cart-line__id">
                  {t('product.partNumber')} {item.itemId}
                </p>
                {item.configurations.length > 0 && (
                  <ul className="cart-line__config">
                    {item.configurations.map((c) => (
                      <li key={c.id}>{describeConfig(c)}</li>
                    ))}
                  </ul>
                )}
              </div>
              <label className="list-qty">
                <span className="visually-hidden">{t('cart.quantityOf', { name: item.name })}</span>
                <input
                  type="number"
                  min={1}
                  step={1}
                  defaultValue={item.quantity}
                  disabled={busy || !list.canEdit}
                  onBlur={(e) => {
                    const quantity = Number(e.target.value);
                    if (Number.isInteger(quantity) && quantity >= 1 && quantity !== item.quantity) {
                      act(update({ variables: { listId: list.id, id: item.cartLineId, quantity } }));
                    }
                  }}
                />
              </label>
              <div className="list-actions">
                <strong>{item.price === null ? t('product.quoteOnly') : money(item.lineTotal)}</strong>
                <button
                  type="button"
                  className="link-button"
                  disabled={busy}
                  onClick={() =>
                    act(
                      move({ variables: { listId: list.id, ids: [item.cartLineId] } }),
                      t('lists.moved', { name: item.name }),
                    )
                  }
                >
                  {t(list.mine ? 'lists.moveToCart' : 'lists.addItemToCart')}
                  <span className="visually-hidden"> {item.name}</span>
                </button>
                {list.canEdit && (
                  <button
                    type="button"
                    className="link-button"
                    disabled={busy}
                    onClick={() => act(remove({ variables: { listId: list.id, ids: [item.cartLineId] } }))}
                  >
                    {t('cart.remove')}
                    <span className="visually-hidden"> {item.name}</span>
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {list.canEdit && <QuickOrderForm listId={list.id} />}
    </div>
  );
}

/** Whose list it is, and whether the company sees it (decision 045). */
function SharingTag({ list }: { list: Pick<SavedListFieldsFragment, 'mine' | 'ownerName' | 'sharing'> }) {
  const t = useT();
  if (!list.mine) return <span className="tag">{t('lists.sharedBy', { name: list.ownerName ?? '' })}</span>;
  if (list.sharing === 'private') return null;
  return <span className="tag">{t(`lists.sharing.${list.sharing as SavedListSharing}`)}</span>;
}

/** Who sees a new list: only its owner, or their company (reading it, or changing its items). */
function SharingField() {
  const t = useT();
  return (
    <SelectField
      name="sharing"
      label={t('lists.sharing')}
      options={SAVED_LIST_SHARING.map((s) => ({ value: s, label: t(`lists.sharing.${s}`) }))}
    />
  );
}
