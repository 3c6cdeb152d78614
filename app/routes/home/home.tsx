import { Outlet } from 'react-router'

// The root path: its index redirects to /index; login, search and contact hang below it.
export default function Home() {
  return <Outlet />
}
