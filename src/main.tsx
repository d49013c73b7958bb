import { createRoot } from 'react-dom/client';

function App() {
  return (
    <main>
      <h1>Fitbench</h1>
      <p>Curve fitting in the browser.</p>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(<App />);
