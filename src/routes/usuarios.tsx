import { createFileRoute } from '@tanstack/react-router';
import { UsersPage } from '../features/users/users-page.tsx';

export const Route = createFileRoute('/usuarios')({ component: UsersPage });
