import { Link } from 'react-router';
import { paths } from '../../lib/paths.ts';

export default function LandingPage() {
  return (
    <main className="p-8">
      <h1 className="text-4xl font-bold">Stop Scrolling. Start Selling.</h1>
      <Link to={paths.waitlist}>Join the Waitlist</Link>
    </main>
  );
}
