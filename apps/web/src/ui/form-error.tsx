import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" variant="light">
      {message}
    </Alert>
  );
}
