import { NotFound } from '../ui/NotFound';

export function Component() {
  return <NotFound />;
}
