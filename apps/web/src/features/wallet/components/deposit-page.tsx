import {
  type DepositRequest,
  depositMethodsResponse,
  depositRequest,
  transactionResponse,
} from '@backlay/contract/deposit'
import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery } from '@tanstack/react-query'
import { type Resolver, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { api } from '../../../lib/api-client'
import { showToast } from '../../../lib/toast'
import { FormField } from '../../auth/components/form-field'
import { loginRequired } from '../../auth/components/require-login'
import { useBusyWhile } from '../../auth/hooks/use-busy-while'
import styles from './wallet.module.css'

interface Values {
  amount: string
  method: DepositRequest['method']
  utr: string
}

const amountAsNumber = (v: Values) => ({
  ...v,
  amount: v.amount.trim() === '' ? Number.NaN : Number(v.amount),
})
const schemaResolver = zodResolver(depositRequest)
/** The amount box holds text; the submit gets the request as the contract parsed it. */
const resolver: Resolver<Values, unknown, DepositRequest> = (values, context, options) =>
  (schemaResolver as unknown as Resolver<Values, unknown, DepositRequest>)(
    amountAsNumber(values) as unknown as Values,
    context,
    options,
  )

/**
 * /deposit: pay the brand's UPI id or bank account, then send the amount and the payment
 * reference; the request stays pending until an operator approves it.
 */
export const DepositPage = loginRequired(DepositForm)

function DepositForm() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [busy, busyWhile] = useBusyWhile()
  const methods = useQuery({
    queryKey: ['user', 'deposit-methods'],
    queryFn: () => api.get('deposit/methods', depositMethodsResponse),
    select: (r) => r.data,
  })
  const { register, handleSubmit, watch, formState } = useForm<Values, unknown, DepositRequest>({
    resolver,
    defaultValues: { amount: '', method: 'UPI', utr: '' },
  })
  const method = watch('method')
  const shown = methods.data?.find((m) => m.method === method)

  const onSubmit = handleSubmit((request) =>
    busyWhile(async () => {
      const { data } = await api.post('deposit/request', request, transactionResponse)
      showToast({ type: 'success', message: t('wallet.depositPending') })
      navigate(`/transactions-details/${data.type}/${encodeURIComponent(data.refrenceNo)}`)
    }),
  )

  return (
    <section className={styles.page}>
      <h1 className={styles.title}>{t('wallet.deposit')}</h1>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <fieldset className={styles.methods}>
          <legend>{t('wallet.method')}</legend>
          {(['UPI', 'BANK'] as const).map((m) => (
            <label key={m} className={styles.methodOption}>
              <input type="radio" value={m} {...register('method')} />
              {t(`wallet.methods.${m}`)}
            </label>
          ))}
        </fieldset>
        {shown ? (
          <dl className={styles.payTo} aria-label={t('wallet.payTo')}>
            {shown.method === 'UPI' ? (
              <>
                <dt>{t('wallet.upiId')}</dt>
                <dd>{shown.upi_id}</dd>
                <dt>{t('wallet.payee')}</dt>
                <dd>{shown.payee_name}</dd>
              </>
            ) : (
              <>
                <dt>{t('wallet.bank')}</dt>
                <dd>{shown.bank_name}</dd>
                <dt>{t('wallet.accountHolder')}</dt>
                <dd>{shown.account_holder}</dd>
                <dt>{t('wallet.accountNumber')}</dt>
                <dd>{shown.account_number}</dd>
                <dt>{t('wallet.ifsc')}</dt>
                <dd>{shown.ifsc}</dd>
              </>
            )}
          </dl>
        ) : methods.isError ? (
          <p role="alert">{t('wallet.methodsFailed')}</p>
        ) : null}
        <FormField
          label={t('wallet.amount')}
          inputMode="numeric"
          error={formState.errors.amount}
          {...register('amount')}
        />
        <FormField
          label={method === 'UPI' ? t('wallet.utr') : t('wallet.bankReference')}
          autoComplete="off"
          error={formState.errors.utr}
          {...register('utr')}
        />
        <button type="submit" className={styles.primary} disabled={busy}>
          {t('wallet.submitDeposit')}
        </button>
      </form>
    </section>
  )
}
