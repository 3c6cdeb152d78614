import { redirect } from 'react-router'

// spec §2, route table: this path redirects to /index/new
export const loader = () => redirect('/index/new')
export const clientLoader = loader

export default function Redirect() {
  return null
}
