/**
 * Notification texts by i18n key. Rows store the key and its parameters next to the English text, so a later issue
 * can render Hindi from the same key. Placeholders are `{name}`; a missing parameter is left visible, never dropped.
 */
export const EN_TEMPLATES = {
  'notifications.member_registered.title': 'New member registered',
  'notifications.member_registered.message': '{first} {last} joined: {membershipType} membership.',
  'notifications.member_signed_up.title': 'New member awaiting a plan',
  'notifications.member_signed_up.message': '{first} {last} joined with the gym code and is waiting for a membership plan.',
  'notifications.trainer_pending.title': 'Trainer awaiting approval',
  'notifications.trainer_pending.message': '{first} {last} registered as a trainer with the gym code. Approve them to give them access.',
  'notifications.certification_expiring.title': 'Certification expiring soon',
  'notifications.certification_expiring.message': '{trainer}’s certification "{name}" expires on {expiryDate}.',
  'notifications.low_attendance.title': 'Low attendance',
  'notifications.low_attendance.message': '{name} hasn’t visited in {days} days',
  'notifications.attendance_nudge.title': 'We miss you at the gym',
  'notifications.attendance_nudge.message': 'You haven’t visited in {days} days. Come back and keep your routine going!',
  'notifications.membership_renewed.title': 'Membership renewed',
  'notifications.membership_renewed.message': '{name} renewed: {membershipType} membership until {endDate}.',
  'notifications.membership_renewed_member.title': 'Your membership is renewed',
  'notifications.membership_renewed_member.message': 'Your {membershipType} membership now runs until {endDate}.',
  'notifications.membership_expiring.title': 'Your membership expires in {days} day(s)',
  'notifications.membership_expiring.message': 'Your membership ends on {endDate}. Renew to keep training without a break.',
  'notifications.membership_expiring_staff.title': 'Membership expiring',
  'notifications.membership_expiring_staff.message': '{name}’s membership ends on {endDate} (in {days} day(s)).',
  'notifications.membership_expired.title': 'Your membership has expired',
  'notifications.membership_expired.message': 'Your membership ended on {endDate}. Renew to keep training.',
  'notifications.membership_expired_staff.title': 'Membership expired',
  'notifications.membership_expired_staff.message': '{name}’s membership ended on {endDate}.',
  'notifications.trial_ending.title': 'Your free trial ends in {days} day(s)',
  'notifications.trial_ending.message': 'Your free trial ends on {date}. Choose a plan to keep making changes.',
  'notifications.plan_limit_near.title': 'Plan limit nearly reached',
  'notifications.plan_limit_near.message': '{count} of {limit} members on your plan. Upgrade to add more.',
  'notifications.announcement.title': '{title}',
  'notifications.announcement.message': '{message}',
  'notifications.payment_completed.title': 'Payment received',
  'notifications.payment_completed.message': '{name} paid ₹{amount}.',
  'notifications.class_promoted.title': 'You’re in: {className}',
  'notifications.class_promoted.message': 'A place opened and it is yours: {className} on {date} at {time}.',
  'notifications.class_offered.title': 'A place is free: {className}',
  'notifications.class_offered.message': 'A place opened in {className} on {date} at {time}. Confirm by {until} to keep it.',
  'notifications.class_cancelled.title': 'Class cancelled: {className}',
  'notifications.class_cancelled.message': '{className} on {date} at {time} is cancelled. {reason}',
  'notifications.class_full.title': 'Class full: {className}',
  'notifications.class_full.message': '{className} on {date} at {time} has all {capacity} places booked.',
  'notifications.class_reminder.title': 'Class at {time}: {className}',
  'notifications.class_reminder.message': 'Your class {className} starts at {time} today ({date}). See you there!',
  'notifications.event_cancelled.title': 'Event cancelled: {title}',
  'notifications.event_cancelled.message': '{title} on {date} at {time} is cancelled. {reason} Paid tickets are refunded.',
  'notifications.ticket_confirmed.title': 'Your ticket: {title}',
  'notifications.ticket_confirmed.message': 'Your ticket for {title} on {date} at {time} is confirmed.',
  'notifications.appointment_booked.title': 'Session booked: {date} at {time}',
  'notifications.appointment_booked.message': 'A {minutes}-minute personal-training session is booked for you on {date} at {time}.',
  'notifications.appointment_booked_trainer.title': 'New session: {name}',
  'notifications.appointment_booked_trainer.message': '{name} has a {minutes}-minute session with you on {date} at {time}.',
  'notifications.appointment_cancelled.title': 'Session cancelled: {date} at {time}',
  'notifications.appointment_cancelled.message': 'Your personal-training session on {date} at {time} is cancelled.',
  'notifications.appointment_cancelled_trainer.title': 'Session cancelled: {name}',
  'notifications.appointment_cancelled_trainer.message': 'The session with {name} on {date} at {time} is cancelled.',
  'notifications.payment_failed.title': 'Payment failed',
  'notifications.payment_failed.message': 'A payment of ₹{amount} by {name} failed.',
  'notifications.payment_overdue.title': 'Payment overdue: {urgency}',
  'notifications.payment_overdue.message': '{name} owes ₹{amount}, due {dueDate} ({days} day(s) overdue).',
  'notifications.payment_overdue_member.title': 'Payment overdue',
  'notifications.payment_overdue_member.message':
    'Your payment of ₹{amount} was due on {dueDate} ({days} day(s) ago). Please pay to keep training without a break.',
  'notifications.refund_processed.title': 'Refund processed',
  'notifications.refund_processed.message': '₹{amount} was refunded to {name}.',
  'notifications.refund_processed_member.title': 'Refund processed',
  'notifications.refund_processed_member.message': '₹{amount} has been refunded to you.',
  'notifications.late_payment_refunded.title': 'Late payment refunded',
  'notifications.late_payment_refunded.message': '{name} paid ₹{amount} for an order that had expired ({order}); it was refunded automatically.',
  'notifications.late_payment_refunded_member.title': 'Your payment was refunded',
  'notifications.late_payment_refunded_member.message':
    'Your payment of ₹{amount} for your order ({order}) arrived after the order expired and has been refunded.',
  'notifications.payment_received_member.title': 'Payment received',
  'notifications.payment_received_member.message': 'We received your payment of ₹{amount}. Thank you!',
  'notifications.payment_failed_member.title': 'Your payment failed',
  'notifications.payment_failed_member.message': 'Your payment of ₹{amount} did not go through. Please try again.',
  'notifications.payment_reminder.title': 'Payment reminder',
  'notifications.payment_reminder.message': '₹{amount} is due on {dueDate}. Pay here: {link}',
  'notifications.autopay_charge_due.title': 'Autopay will charge ₹{amount} on {date}',
  'notifications.autopay_charge_due.message':
    'Your autopay for {plan} will charge ₹{amount} on {date}. To stop it, cancel before then in the app: My payments → Autopay → Cancel autopay.',
  'notifications.autopay_halted.title': 'Autopay stopped: payment needed',
  'notifications.autopay_halted.message':
    'We could not charge ₹{amount} for {plan} after several tries, so your autopay has stopped renewing. Pay now in the app (My payments) or set up autopay again.',
  'notifications.complaint_submitted.title': 'New complaint',
  'notifications.complaint_submitted.message': '{name} raised a {priority} complaint: {subject}',
  'notifications.feedback_response.title': 'Reply to your feedback',
  'notifications.feedback_response.message': 'The gym replied to “{subject}”.',
  'notifications.chat_message.title': 'New message from {name}',
  'notifications.chat_message.message': '{preview}',
  'notifications.new_device_signed_in.title': 'New sign-in to your account',
  'notifications.new_device_signed_in.message':
    'Your account was signed in on {device} from {place}. If this wasn’t you, change your password and sign that device out.',
  'notifications.data_request_changed.title': 'Your data request',
  'notifications.data_request_changed.message': 'There is news on your data request. See Settings → Privacy.',
  'notifications.data_request_changed_staff.title': 'Data request',
  'notifications.data_request_changed_staff.message': 'A member’s data request was made or has changed. See Settings → Data requests.',
  'notifications.low_stock.title': 'Low stock: {name}',
  'notifications.low_stock.message': 'Only {quantity} left of {name} (reorder level {reorderLevel}).',
  'notifications.batch_expiring.title': 'Stock expiring: {name}',
  'notifications.batch_expiring.message': '{quantity} of {name} (batch {batch}) expire on {expiryDate}.',
  'notifications.maintenance_due.title': 'Service due: {name}',
  'notifications.maintenance_due.message': '{name} is due for service since {dueDate}.',
  // Automations (issue 27): the built-in rules' welcome and birthday, a missed class, and staff told by a rule.
  'notifications.member_welcome.title': 'Welcome to {location}, {firstName}!',
  'notifications.member_welcome.message': 'We are glad you joined. Your membership is ready: see you at the gym!',
  'notifications.birthday_greeting.title': 'Happy birthday, {firstName}!',
  'notifications.birthday_greeting.message': 'Everyone at {location} wishes you a happy birthday and a strong year ahead.',
  'notifications.class_missed.title': 'We missed you at {className}',
  'notifications.class_missed.message': 'You were booked for {className} on {date} at {time} but did not come. Book your next class in the app.',
  'notifications.automation_staff.title': 'Automation: {rule}',
  'notifications.automation_staff.message': 'The rule “{rule}” reached {name}.',
  'notifications.action.view': 'View',
  'notifications.action.review': 'Review',
  'notifications.action.renew': 'Renew',
  'notifications.action.pay': 'Pay now',
  'notifications.action.choose_plan': 'Choose a plan',
  'notifications.action.open': 'Open',
} as const;
export type TemplateKey = keyof typeof EN_TEMPLATES;

/** The same texts in Hindi, for email and WhatsApp to a recipient who reads Hindi (the browser has its own copy in locales/hi). */
export const HI_TEMPLATES: Record<TemplateKey, string> = {
  'notifications.member_registered.title': 'नया सदस्य पंजीकृत',
  'notifications.member_registered.message': '{first} {last} जुड़े: {membershipType} सदस्यता।',
  'notifications.member_signed_up.title': 'नया सदस्य प्लान की प्रतीक्षा में',
  'notifications.member_signed_up.message': '{first} {last} जिम कोड से जुड़े हैं और सदस्यता प्लान की प्रतीक्षा कर रहे हैं।',
  'notifications.trainer_pending.title': 'ट्रेनर स्वीकृति की प्रतीक्षा में',
  'notifications.trainer_pending.message': '{first} {last} ने जिम कोड से ट्रेनर के रूप में पंजीकरण किया है। पहुँच देने के लिए उन्हें स्वीकृत करें।',
  'notifications.certification_expiring.title': 'प्रमाणपत्र जल्द समाप्त हो रहा है',
  'notifications.certification_expiring.message': '{trainer} का प्रमाणपत्र "{name}" {expiryDate} को समाप्त होगा।',
  'notifications.low_attendance.title': 'कम उपस्थिति',
  'notifications.low_attendance.message': '{name} {days} दिनों से नहीं आए हैं',
  'notifications.attendance_nudge.title': 'जिम में हम आपको याद कर रहे हैं',
  'notifications.attendance_nudge.message': 'आप {days} दिनों से नहीं आए हैं। वापस आइए और अपनी दिनचर्या जारी रखिए!',
  'notifications.membership_renewed.title': 'सदस्यता नवीनीकृत',
  'notifications.membership_renewed.message': '{name} ने नवीनीकरण किया: {membershipType} सदस्यता {endDate} तक।',
  'notifications.membership_renewed_member.title': 'आपकी सदस्यता नवीनीकृत हो गई',
  'notifications.membership_renewed_member.message': 'आपकी {membershipType} सदस्यता अब {endDate} तक है।',
  'notifications.membership_expiring.title': 'आपकी सदस्यता {days} दिन में समाप्त होगी',
  'notifications.membership_expiring.message': 'आपकी सदस्यता {endDate} को समाप्त होगी। बिना रुके ट्रेनिंग जारी रखने के लिए नवीनीकरण करें।',
  'notifications.membership_expiring_staff.title': 'सदस्यता समाप्त होने वाली है',
  'notifications.membership_expiring_staff.message': '{name} की सदस्यता {endDate} को समाप्त होगी ({days} दिन में)।',
  'notifications.membership_expired.title': 'आपकी सदस्यता समाप्त हो गई है',
  'notifications.membership_expired.message': 'आपकी सदस्यता {endDate} को समाप्त हो गई। ट्रेनिंग जारी रखने के लिए नवीनीकरण करें।',
  'notifications.membership_expired_staff.title': 'सदस्यता समाप्त',
  'notifications.membership_expired_staff.message': '{name} की सदस्यता {endDate} को समाप्त हो गई।',
  'notifications.trial_ending.title': 'आपका निःशुल्क ट्रायल {days} दिन में समाप्त होगा',
  'notifications.trial_ending.message': 'आपका निःशुल्क ट्रायल {date} को समाप्त होगा। बदलाव करते रहने के लिए प्लान चुनें।',
  'notifications.plan_limit_near.title': 'प्लान की सीमा लगभग पूरी',
  'notifications.plan_limit_near.message': 'आपके प्लान पर {limit} में से {count} सदस्य। और जोड़ने के लिए अपग्रेड करें।',
  'notifications.announcement.title': '{title}',
  'notifications.announcement.message': '{message}',
  'notifications.payment_completed.title': 'भुगतान प्राप्त हुआ',
  'notifications.payment_completed.message': '{name} ने ₹{amount} का भुगतान किया।',
  'notifications.class_promoted.title': 'आपकी जगह पक्की: {className}',
  'notifications.class_promoted.message': 'एक जगह खाली हुई और अब आपकी है: {className}, {date} को {time} बजे।',
  'notifications.class_offered.title': 'एक जगह खाली है: {className}',
  'notifications.class_offered.message': '{className} ({date}, {time} बजे) में एक जगह खाली हुई। इसे रखने के लिए {until} तक पुष्टि करें।',
  'notifications.class_cancelled.title': 'क्लास रद्द: {className}',
  'notifications.class_cancelled.message': '{className} ({date}, {time} बजे) रद्द कर दी गई है। {reason}',
  'notifications.class_full.title': 'क्लास भर गई: {className}',
  'notifications.class_full.message': '{className} ({date}, {time} बजे) की सभी {capacity} जगहें बुक हो गईं।',
  'notifications.class_reminder.title': '{time} बजे क्लास: {className}',
  'notifications.class_reminder.message': 'आपकी क्लास {className} आज ({date}) {time} बजे शुरू होगी। वहीं मिलते हैं!',
  'notifications.event_cancelled.title': 'इवेंट रद्द: {title}',
  'notifications.event_cancelled.message': '{title} ({date}, {time} बजे) रद्द कर दिया गया है। {reason} पैसे देकर लिए टिकटों का पैसा लौटाया जाएगा।',
  'notifications.ticket_confirmed.title': 'आपका टिकट: {title}',
  'notifications.ticket_confirmed.message': '{title} ({date}, {time} बजे) का आपका टिकट पक्का है।',
  'notifications.appointment_booked.title': 'सेशन बुक: {date}, {time} बजे',
  'notifications.appointment_booked.message': 'आपके लिए {date} को {time} बजे {minutes} मिनट का पर्सनल-ट्रेनिंग सेशन बुक हुआ है।',
  'notifications.appointment_booked_trainer.title': 'नया सेशन: {name}',
  'notifications.appointment_booked_trainer.message': '{name} का आपके साथ {date} को {time} बजे {minutes} मिनट का सेशन है।',
  'notifications.appointment_cancelled.title': 'सेशन रद्द: {date}, {time} बजे',
  'notifications.appointment_cancelled.message': '{date} को {time} बजे का आपका पर्सनल-ट्रेनिंग सेशन रद्द हो गया है।',
  'notifications.appointment_cancelled_trainer.title': 'सेशन रद्द: {name}',
  'notifications.appointment_cancelled_trainer.message': '{name} के साथ {date} को {time} बजे का सेशन रद्द हो गया है।',
  'notifications.payment_failed.title': 'भुगतान विफल',
  'notifications.payment_failed.message': '{name} का ₹{amount} का भुगतान विफल रहा।',
  'notifications.payment_overdue.title': 'भुगतान बकाया: {urgency}',
  'notifications.payment_overdue.message': '{name} पर ₹{amount} बकाया है, देय तिथि {dueDate} ({days} दिन से बकाया)।',
  'notifications.payment_overdue_member.title': 'भुगतान बकाया',
  'notifications.payment_overdue_member.message': 'आपका ₹{amount} का भुगतान {dueDate} को देय था ({days} दिन पहले)। बिना रुके ट्रेनिंग जारी रखने के लिए कृपया भुगतान करें।',
  'notifications.refund_processed.title': 'रिफ़ंड संसाधित',
  'notifications.refund_processed.message': '{name} को ₹{amount} रिफ़ंड किए गए।',
  'notifications.refund_processed_member.title': 'रिफ़ंड संसाधित',
  'notifications.refund_processed_member.message': '₹{amount} आपको रिफ़ंड कर दिए गए हैं।',
  'notifications.late_payment_refunded.title': 'देर से आया भुगतान लौटाया गया',
  'notifications.late_payment_refunded.message': '{name} ने समाप्त हो चुके ऑर्डर ({order}) के लिए ₹{amount} चुकाए; यह राशि अपने आप लौटा दी गई।',
  'notifications.late_payment_refunded_member.title': 'आपका भुगतान लौटा दिया गया',
  'notifications.late_payment_refunded_member.message': 'आपके ऑर्डर ({order}) के लिए ₹{amount} का भुगतान ऑर्डर समाप्त होने के बाद आया, इसलिए उसे लौटा दिया गया है।',
  'notifications.payment_received_member.title': 'भुगतान प्राप्त हुआ',
  'notifications.payment_received_member.message': 'हमें आपका ₹{amount} का भुगतान मिल गया। धन्यवाद!',
  'notifications.payment_failed_member.title': 'आपका भुगतान विफल रहा',
  'notifications.payment_failed_member.message': 'आपका ₹{amount} का भुगतान नहीं हो सका। कृपया फिर से प्रयास करें।',
  'notifications.payment_reminder.title': 'भुगतान अनुस्मारक',
  'notifications.payment_reminder.message': '₹{amount} की देय तिथि {dueDate} है। यहाँ भुगतान करें: {link}',
  'notifications.autopay_charge_due.title': 'ऑटोपे {date} को ₹{amount} काटेगा',
  'notifications.autopay_charge_due.message':
    '{plan} के लिए आपका ऑटोपे {date} को ₹{amount} काटेगा। इसे रोकने के लिए उससे पहले ऐप में रद्द करें: मेरे भुगतान → ऑटोपे → ऑटोपे रद्द करें।',
  'notifications.autopay_halted.title': 'ऑटोपे रुक गया: भुगतान ज़रूरी',
  'notifications.autopay_halted.message':
    '{plan} के लिए ₹{amount} कई प्रयासों के बाद भी नहीं कट सका, इसलिए आपका ऑटोपे अब नवीनीकरण नहीं करेगा। ऐप में (मेरे भुगतान) अभी भुगतान करें या ऑटोपे फिर से सेट करें।',
  'notifications.complaint_submitted.title': 'नई शिकायत',
  'notifications.complaint_submitted.message': '{name} ने {priority} शिकायत दर्ज की: {subject}',
  'notifications.feedback_response.title': 'आपकी प्रतिक्रिया का उत्तर',
  'notifications.feedback_response.message': 'जिम ने “{subject}” का उत्तर दिया।',
  'notifications.chat_message.title': '{name} का नया संदेश',
  'notifications.chat_message.message': '{preview}',
  'notifications.new_device_signed_in.title': 'आपके खाते में नया साइन-इन',
  'notifications.new_device_signed_in.message': 'आपके खाते में {device} पर {place} से साइन-इन हुआ। अगर यह आप नहीं थे, तो अपना पासवर्ड बदलें और उस डिवाइस को साइन आउट करें।',
  'notifications.data_request_changed.title': 'आपका डेटा अनुरोध',
  'notifications.data_request_changed.message': 'आपके डेटा अनुरोध पर नई जानकारी है। सेटिंग्स → गोपनीयता देखें।',
  'notifications.data_request_changed_staff.title': 'डेटा अनुरोध',
  'notifications.data_request_changed_staff.message': 'किसी सदस्य का डेटा अनुरोध आया है या बदला है। सेटिंग्स → डेटा अनुरोध देखें।',
  'notifications.low_stock.title': 'स्टॉक कम: {name}',
  'notifications.low_stock.message': '{name} के केवल {quantity} बचे हैं (पुनः ऑर्डर स्तर {reorderLevel})।',
  'notifications.batch_expiring.title': 'स्टॉक की समाप्ति निकट: {name}',
  'notifications.batch_expiring.message': '{name} के {quantity} (बैच {batch}) {expiryDate} को समाप्त होंगे।',
  'notifications.maintenance_due.title': 'सर्विस बाकी: {name}',
  'notifications.maintenance_due.message': '{name} की सर्विस {dueDate} से बाकी है।',
  'notifications.member_welcome.title': '{location} में आपका स्वागत है, {firstName}!',
  'notifications.member_welcome.message': 'हमें खुशी है कि आप जुड़े। आपकी सदस्यता तैयार है: जिम में मिलते हैं!',
  'notifications.birthday_greeting.title': 'जन्मदिन मुबारक हो, {firstName}!',
  'notifications.birthday_greeting.message': '{location} की पूरी टीम की ओर से जन्मदिन की शुभकामनाएँ और आने वाला साल दमदार हो।',
  'notifications.class_missed.title': '{className} में हमने आपको याद किया',
  'notifications.class_missed.message': 'आपने {date} को {time} बजे {className} बुक की थी लेकिन आप नहीं आए। ऐप में अपनी अगली क्लास बुक करें।',
  'notifications.automation_staff.title': 'स्वचालन: {rule}',
  'notifications.automation_staff.message': 'नियम “{rule}” {name} तक पहुँचा।',
  'notifications.action.view': 'देखें',
  'notifications.action.review': 'समीक्षा करें',
  'notifications.action.renew': 'नवीनीकरण करें',
  'notifications.action.pay': 'अभी भुगतान करें',
  'notifications.action.choose_plan': 'प्लान चुनें',
  'notifications.action.open': 'खोलें',
};

export const TEMPLATES: Record<'en' | 'hi', Record<TemplateKey, string>> = { en: EN_TEMPLATES, hi: HI_TEMPLATES };

/** A stored key in the recipient's language (an unknown key is shown as it is, never dropped). */
export const renderIn = (language: 'en' | 'hi', key: string, params: Readonly<Record<string, string>> = {}): string =>
  (TEMPLATES[language][key as TemplateKey] ?? EN_TEMPLATES[key as TemplateKey] ?? key).replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);

export const renderTemplate = (key: TemplateKey, params: Readonly<Record<string, string>> = {}): string => renderIn('en', key, params);

/** What a notification says: keys, parameters and the rendered English text. */
export interface NotificationText {
  titleKey: TemplateKey;
  messageKey: TemplateKey;
  params: Record<string, string>;
  title: string;
  message: string;
}

/** English names of the membership types, as the members screens show them. */
const MEMBERSHIP_LABELS: Record<string, string> = { basic: 'Basic', premium: 'Premium', vip: 'VIP', annual: 'Annual' };

export const memberRegisteredText = (m: { firstName: string; lastName: string; membershipType: string }): NotificationText => {
  const params = { first: m.firstName.trim(), last: m.lastName.trim(), membershipType: MEMBERSHIP_LABELS[m.membershipType] ?? m.membershipType };
  return {
    titleKey: 'notifications.member_registered.title',
    messageKey: 'notifications.member_registered.message',
    params,
    title: renderTemplate('notifications.member_registered.title', params),
    message: renderTemplate('notifications.member_registered.message', params),
  };
};

export const textOf = (titleKey: TemplateKey, messageKey: TemplateKey, params: Record<string, string>): NotificationText => ({
  titleKey,
  messageKey,
  params,
  title: renderTemplate(titleKey, params),
  message: renderTemplate(messageKey, params),
});

/** A member who joined with the gym's code, waiting for staff to start their membership. */
export const memberSignedUpText = (m: { firstName: string; lastName: string }): NotificationText =>
  textOf('notifications.member_signed_up.title', 'notifications.member_signed_up.message', { first: m.firstName.trim(), last: m.lastName.trim() });

/** A trainer who registered with the gym's code, waiting for an admin's approval. */
export const trainerPendingText = (t: { firstName: string; lastName: string }): NotificationText =>
  textOf('notifications.trainer_pending.title', 'notifications.trainer_pending.message', { first: t.firstName.trim(), last: t.lastName.trim() });

/** A trainer's certification expires within 30 days; the date stays YYYY-MM-DD (a calendar day has no time zone). */
export const certificationExpiringText = (c: { trainerName: string; name: string; expiryDate: string }): NotificationText =>
  textOf('notifications.certification_expiring.title', 'notifications.certification_expiring.message', {
    trainer: c.trainerName.trim(),
    name: c.name.trim(),
    expiryDate: c.expiryDate,
  });

/** An active member with no visit in `days` days, for the staff of their location. */
export const lowAttendanceText = (m: { firstName: string; lastName: string; days: number }): NotificationText =>
  textOf('notifications.low_attendance.title', 'notifications.low_attendance.message', {
    name: `${m.firstName.trim()} ${m.lastName.trim()}`.trim(),
    days: String(m.days),
  });

/** The same rule's nudge to the member themself. */
export const attendanceNudgeText = (m: { days: number }): NotificationText =>
  textOf('notifications.attendance_nudge.title', 'notifications.attendance_nudge.message', { days: String(m.days) });
