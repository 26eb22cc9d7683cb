import { useEffect, useRef } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useAuth } from './auth-provider.tsx';

/** SPEC §2: sign-out returns to home, whatever ended the session. Inside the router, so the move is never lost. */
export function HomeAfterSignOut() {
  const { sessionEnds } = useAuth();
  const navigate = useNavigate();
  const handled = useRef(0);
  useEffect(() => {
    if (sessionEnds === handled.current) return;
    handled.current = sessionEnds;
    void navigate({ to: '/' });
  }, [sessionEnds, navigate]);
  return null;
}
