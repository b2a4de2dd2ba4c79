import { CircleAlertIcon } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert.tsx';

/** Errors that belong to the form as a whole: the server's `detail` and `non_field_errors`. */
export function FormAlert({ messages }: { messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <Alert variant="destructive">
      <CircleAlertIcon aria-hidden />
      <AlertDescription>
        {messages.map((message) => (
          <p key={message}>{message}</p>
        ))}
      </AlertDescription>
    </Alert>
  );
}
