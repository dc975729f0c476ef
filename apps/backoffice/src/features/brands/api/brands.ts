import { brandsResponse } from '@backlay/contract/admin'
import { useQuery } from '@tanstack/react-query'
import { admin } from '../../../lib/api'

/** Every brand (admins only: an agent works in its own). */
export const useBrands = (enabled = true) =>
  useQuery({ queryKey: ['brands'], queryFn: () => admin.get('brands', brandsResponse), enabled })
