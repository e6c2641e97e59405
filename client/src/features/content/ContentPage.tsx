import type { ReactNode } from 'react';
import { Skeleton } from '../../components/Skeleton';
import { useT, type MessageId } from '../../i18n';
import { usePageMeta } from '../../lib/usePageMeta';

/** A page whose feature arrives with a later issue: its title, what it is for, and a skeleton. */
export function ContentPage({
  title,
  text,
  children,
  skeleton = true,
}: {
  title: MessageId;
  text: MessageId;
  children?: ReactNode;
  skeleton?: boolean;
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
      {skeleton && <Skeleton />}
    </div>
  );
}
