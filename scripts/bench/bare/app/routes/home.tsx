export function loader() {
  return { message: "Hello from a bare React Router page" };
}

export default function Home({ loaderData }: { loaderData: { message: string } }) {
  return <h1>{loaderData.message}</h1>;
}
