import { redirect } from 'react-router'

// spec §2, route table: this path redirects to /
export const loader = () => redirect('/')
export const clientLoader = loader

export default function Redirect() {
  return null
}
