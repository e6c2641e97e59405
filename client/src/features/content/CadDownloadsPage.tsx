import { useQuery } from '@apollo/client/react';
import { productPath } from '@domain/routes';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { CadFileLinks } from '../../components/CadFileLinks';
import { Skeleton } from '../../components/Skeleton';
import { CadFilesDocument, CadProductsDocument, type CadFilesQuery, useParentCategories } from '../catalog';
import { useT } from '../../i18n';
import { usePageMeta } from '../../lib/usePageMeta';

/** The profiles, screws and rails most asked for (their cross-sections are generated for every length). */
const COMMON = [
  '1010-C',
  '1515-C',
  '2020-C',
  '2040-C',
  '3030-C',
  '4040-C',
  '4080-C',
  '4545-C',
  'SFU1605-CUT',
  'SFU2005-CUT',
  'HGR15-R',
  'HGR20-R',
];

type CadProduct = CadFilesQuery['products'][number];

function ByIds({ ids }: { ids: string[] }) {
  const { data, loading } = useQuery(CadFilesDocument, { variables: { ids }, skip: ids.length === 0 });
  return <FileList products={data?.products ?? []} loading={loading} />;
}

function ByCategory({ handle }: { handle: string }) {
  const { data, loading } = useQuery(CadProductsDocument, { variables: { category: handle } });
  return <FileList products={data?.cadProducts ?? []} loading={loading} />;
}

function FileList({ products: all, loading }: { products: CadProduct[]; loading: boolean }) {
  const t = useT();
  if (loading) return <Skeleton rows={1} />;
  const products = all.filter((p) => p.cadFiles.length > 0);
  if (products.length === 0) return <p>{t('cad.none')}</p>;
  return (
    <ul className="cad-list">
      {products.map((p) => (
        <li key={p.id} className="panel" data-testid="cad-product">
          <Link to={productPath(p.id)}>{p.name}</Link>
          <CadFileLinks files={p.cadFiles} />
        </li>
      ))}
    </ul>
  );
}

/** /cad-downloads: drawings by part number, and those of the common profiles, screws and rails. */
export function CadDownloadsPage() {
  const t = useT();
  usePageMeta(t('page.cad.title'));
  const [text, setText] = useState('');
  const [part, setPart] = useState('');
  const [category, setCategory] = useState('');
  const { categories } = useParentCategories();
  return (
    <div className="container section">
      <header className="page-header">
        <h1>{t('page.cad.title')}</h1>
        <p className="lead">{t('page.cad.text')}</p>
      </header>
      <form
        method="get"
        className="cad-search"
        role="search"
        aria-label={t('cad.find')}
        onSubmit={(e) => {
          e.preventDefault();
          setPart(text.trim().toUpperCase());
        }}
      >
        <div className="field">
          <label htmlFor="cad-part">{t('cad.partNumber')}</label>
          <input id="cad-part" value={text} onChange={(e) => setText(e.target.value)} placeholder="2020-C" />
        </div>
        <button type="submit" className="btn btn--primary">
          {t('cad.find')}
        </button>
      </form>
      {part && <ByIds ids={[part]} />}
      <div className="field cad-category">
        <label htmlFor="cad-category">{t('cad.byCategory')}</label>
        <select id="cad-category" value={category} onChange={(e) => setCategory(e.target.value)}>
          <option value="">{t('cad.chooseCategory')}</option>
          {categories.map((c) => (
            <option key={c.handle} value={c.handle}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      {category ? (
        <ByCategory handle={category} />
      ) : (
        <>
          <h2>{t('cad.common')}</h2>
          <ByIds ids={COMMON} />
        </>
      )}
    </div>
  );
}
