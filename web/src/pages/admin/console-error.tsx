/** A refusal or failure in the console, announced as an alert; nothing when there is none. */
export function ConsoleError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p className="inline-error" role="alert">
      {message}
    </p>
  );
}
