import { redirect } from 'react-router'

// spec §2, route table: this path redirects to /business/list
export const loader = () => redirect('/business/list')
export const clientLoader = loader

export default function Redirect() {
  return null
}
