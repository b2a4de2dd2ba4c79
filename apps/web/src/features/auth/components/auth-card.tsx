import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card.tsx';
import { PageTitle } from '@/components/page-title.tsx';

export function AuthCard({
  title,
  description,
  children,
  footer,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Card className="w-full gap-6 py-6">
      <PageTitle name={title} />
      <CardHeader className="px-6">
        <h1 className="text-2xl leading-tight font-semibold tracking-tight">{title}</h1>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className="grid gap-4 px-6">
        {/* The page reads without JavaScript; its form does not (method="post" keeps what is typed out of
            the address if it is sent anyway). */}
        <noscript>
          <p className="rounded-md border border-destructive/40 px-3 py-2 text-sm">
            This form needs JavaScript, which is turned off in this browser.
          </p>
        </noscript>
        {children}
      </CardContent>
      {footer && (
        <CardFooter className="justify-center px-6 text-center text-sm text-muted-foreground">{footer}</CardFooter>
      )}
    </Card>
  );
}
