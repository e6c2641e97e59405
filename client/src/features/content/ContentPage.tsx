import type { ReactNode } from 'react';
import { useT, type MessageId } from '../../i18n';
import { usePageMeta } from '../../lib/usePageMeta';

/** A content page: its title, what it is for, and its sections. */
export function ContentPage({
  title,
  text,
  children,
}: {
  title: MessageId;
  text: MessageId;
  children?: ReactNode;
}) {
  const t = useT();
  usePageMeta(t(title));
  return (
    <div className="container section page">
      <header className="page-header">
        <h1>{t(title)}</h1>
        <p className="lead">{t(text)}</p>
      </header>
      {children}
    </div>
  );
}
