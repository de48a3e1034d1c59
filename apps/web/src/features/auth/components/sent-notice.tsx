import { Alert, Anchor, Stack } from '@mantine/core';
import { Link } from '@tanstack/react-router';

/** What an account form shows once the server has sent its mail: the server's words and the way back to log in. */
export function SentNotice({ message, loginLabel }: { message: string; loginLabel: string }) {
  return (
    <Stack>
      <Alert color="teal" role="status">
        {message}
      </Alert>
      <Anchor component={Link} to="/login">
        {loginLabel}
      </Anchor>
    </Stack>
  );
}
