export default function Home() {
  return <h1>Quiz</h1>;
}
