/**
 * Every user-facing validation and error text of both specs, spelled exactly as the specs spell
 * them. Server answers (`msg`) and web forms both take their texts from here so the two never
 * drift; the web may translate them by using the text as the i18n key's default.
 */
export const MSG = {
  // shell §5: login and register forms
  userIdRequired: 'User ID is required',
  phoneRequired: 'Phone Number is required',
  phoneDigitsOnly: 'Phone Number must only contain digits',
  loginPasswordMin: 'Password must be at least 5 characters',
  usernameRequired: 'Username is required',
  countryRequired: 'Country is required',
  registerPasswordMin: 'Must be at least 6 characters',
  fieldRequired: 'This field is required',
  passwordMismatch: 'Password does not match.',
  otpLength: 'Otp must be 6 digits long',
  otpRequired: 'Otp Required',
  noDataFound: 'No data found',
  // shell §6, §8
  demoRefused: 'Please login from your read ID.',
  responseHasNoToken: 'Response has no token',
  serverNotResponding: 'Server not responding',
  // betting §5, §8
  bhawBelowOne: 'Bhaw cannot be less than 1.',
  stakeAboveMax: 'Value cannot exceed 1,00,00,000.',
  stakeNotInteger: 'Please enter a valid integer.',
  stakeMaxOnce: 'Only one value can be 1,00,00,000.',
  loginToChangeStakes: 'Please Login In to Change Stakes',
  cashOutSuccess: 'Cash-out successful.',
  somethingWentWrong: 'Something went wrong',
  // Designed by us where the specs leave the text out ("not shown").
  passwordRequired: 'Password is required',
  passwordMax: 'Password must be at most 16 characters',
  usernameMin: 'Username must be at least 3 characters',
  usernameChars: 'Username may only contain letters, digits, dot and underscore',
  countryCodeFormat: 'Country code must look like +91',
  mobileOrUserName: 'Send either mobile or user_name',
  forgotUserIdMin: 'User ID must be at least 3 characters',
  searchMin: 'Search text must be at least 3 characters',
  amountPositive: 'Amount must be greater than 0',
  oddsRange: 'Odds must be between 1.01 and 1000',
  stakePositive: 'Stake must be greater than 0',
  oneClickSelected: 'selected must point at one of the one-click stakes',
  maxSelections: 'At most 4 runners can be combined',
  legsOneMarket: 'All selections must be in the same market',
  legsDistinctRunners: 'Each runner can be selected once',
  legsOneSide: 'All selections must be on the same side',
  matchOrMarket: 'Send either match_id or market_id',
  upiReference: 'UPI reference must be 12 digits',
  bankReference: 'Bank reference must be 12 to 22 letters or digits',
  upiId: 'Enter a valid UPI ID',
  accountNumber: 'Enter a valid account number',
  ifsc: 'Enter a valid IFSC code',
  dailyAboveWeekly: 'Daily limit cannot exceed the weekly limit',
  weeklyAboveMonthly: 'Weekly limit cannot exceed the monthly limit',
  dateRange: 'from_date must not be after to_date',
  minFillPositive: 'min_fill must be greater than 0',
  minFillWithoutFillOrKill: 'min_fill goes with fill_or_kill',
  minFillAboveStake: 'min_fill cannot be more than the stake',
} as const

/** 'Phone Number must be {n} digits' — phoneLength(10) → 'Phone Number must be 10 digits' */
export const phoneLength = (n: number): string => `Phone Number must be ${n} digits`
