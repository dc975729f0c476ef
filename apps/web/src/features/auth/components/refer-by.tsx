import { useEffect } from 'react'
import { Navigate, useParams } from 'react-router'
import { storeReferral } from '../hooks/use-referral'

/** /ReferBy/{referCode}: keeps the code, opens sign-up (after 500 ms, guests only) and goes home. */
export function ReferByRoute() {
  const { referCode = '' } = useParams()
  useEffect(() => storeReferral(referCode), [referCode])
  return <Navigate to="/" replace />
}
