export function App() {
  return <main>Loading…</main>;
}
