import { BRAND, type Locale } from '../../../../domain/constants';
import { formatAmount } from '../../../../domain/money';
import { translateMessage } from '../../../../domain/message-translations';
import { orderStatusLabel } from '../../../../domain/order-status';
import type { CompanyRoleName } from '../../../../domain/company';

/*
 * The e-mails the store sends its customers, one template per kind, in the recipient's language (issue 29, item 4):
 * the locale they used when they registered, signed in or placed the order (stored on the user and on the order),
 * or the one of the request that asks for the e-mail. Services hand over facts (names, amounts, links, codes),
 * never sentences. The store's own notifications (a form sent to the help desk) stay in English.
 */

/** The parts of an order every order e-mail names. */
interface OrderFacts {
  /** AXL-100123 */
  label: string;
  /** Where the order opens (the account's order page, or a guest's link). */
  url: string;
  /** One line per item: "3 x SFU1605 Ball Screw (SFU1605-500)  209.10". */
  lines: string;
}

export type Message =
  | { kind: 'account-exists'; email: string; signInUrl: string; forgotUrl: string }
  | { kind: 'registration'; firstName: string; url: string }
  | { kind: 'password-reset'; firstName: string; url: string }
  | { kind: 'password-reset-all'; firstName: string; url: string }
  | (OrderFacts & { kind: 'order-confirmation'; status: number; total: Money })
  | (OrderFacts & {
      kind: 'order-payment-failed';
      total: Money;
      /** The processor's reason, when it is one the store knows. */
      reason: 'declined' | 'authentication' | 'unconfirmed' | 'other';
      cancelOn: Date;
    })
  | (OrderFacts & {
      kind: 'order-cancelled';
      /**
       * Who cancelled: the buyer, the store's staff, the unpaid-order sweep after `days`, or the company (the buyer
       * left it while the order waited for its approval).
       */
      by: 'customer' | 'store' | 'unpaid' | 'left-company';
      days?: number;
      /** What happened to the money. */
      money: { kind: 'none' } | { kind: 'released' } | { kind: 'refunded'; amount: Money };
    })
  | (Omit<OrderFacts, 'lines'> & {
      kind: 'order-shipped';
      complete: boolean;
      carrier: string;
      trackingNumber: string;
      trackingUrl: string | null;
      items: string;
    })
  | { kind: 'return-requested'; label: string }
  | { kind: 'return-approved'; rma: string; note: string }
  | { kind: 'return-rejected'; label: string; note: string }
  | { kind: 'return-shipped'; reference: string }
  | { kind: 'return-processing'; reference: string }
  | { kind: 'return-completed'; reference: string; amount: Money; to: 'card' | 'invoice' }
  | {
      kind: 'back-in-stock';
      name: string;
      partNumber: string;
      /** The part's page. */
      url: string;
    }
  /** A signed-out back-in-stock request waits for its address's owner (decision 053): the link confirms it. */
  | {
      kind: 'back-in-stock-confirm';
      name: string;
      partNumber: string;
      /** The one-time confirmation link. */
      url: string;
      days: number;
    }
  | {
      kind: 'form-received';
      form: 'contact' | 'quote' | 'service';
      reference: string;
      phone: string;
      /** A signed-in buyer's quote: its page, where it is answered and accepted. */
      url?: string;
    }
  | { kind: 'company-invitation'; company: string; invitedBy: string; role: CompanyRoleName; url: string }
  | {
      kind: 'approval-requested';
      company: string;
      buyer: string;
      label: string;
      total: Money;
      /** Over the buyer's limit per order, or per month. */
      reason: 'order' | 'month';
      limit: Money;
      /** The approvals queue. */
      url: string;
    }
  | (OrderFacts & {
      kind: 'order-approved';
      by: string;
      note: string;
      total: Money;
      /** What follows: the card was charged, the buyer must pay (declined, or the bank's check), or the terms. */
      next: 'paid' | 'pay' | 'terms';
    })
  | (OrderFacts & { kind: 'order-rejected'; by: string; note: string })
  /** Staff decided a company account application (decision 047); the link opens the company page. */
  | { kind: 'company-application-decided'; approved: boolean; company: string; note: string; url: string }
  /** Staff sent a quote's prices (decision 049); the link opens the quote, where the buyer accepts it. */
  | {
      kind: 'quote-sent';
      number: string;
      total: Money;
      expiresOn: Date;
      leadTimeDays: number;
      note: string;
      url: string;
    }
  /** Staff declined a quote request, with their reason. */
  | { kind: 'quote-declined'; number: string; note: string; url: string }
  /** A message on a quote: to the buyer from staff (link to the quote), or to staff from the buyer (console link). */
  | { kind: 'quote-message'; number: string; from: string; body: string; url: string }
  /** A webhook endpoint failed for WEBHOOK_FAILING_DAYS and was turned off (to Admins and the endpoint's owner). */
  | {
      kind: 'webhook-disabled';
      endpoint: string;
      since: Date;
      /** The last attempt's answer: "HTTP 503" or the error. */
      lastError: string;
      days: number;
      /** Where staff turn it on again (the console's Integrations); null for the partner who made it (the API). */
      url: string | null;
    };

export type MessageKind = Message['kind'];

/** An amount and its currency, formatted in the recipient's language. */
export interface Money {
  value: number;
  currency: string;
}

export interface Rendered {
  subject: string;
  text: string;
}

type Words = Record<Locale, string>;
type Template<M> = (m: M, locale: Locale, f: Formatters) => Record<Locale, Rendered>;

interface Formatters {
  money: (amount: Money) => string;
  day: (date: Date) => string;
  status: (code: number) => string;
}

const formatters = (locale: Locale): Formatters => ({
  money: (amount) => formatAmount(amount.value, amount.currency, locale),
  // The store's day (it is in North Carolina): "Wednesday, December 2, 2026", "mercredi 2 décembre 2026".
  day: (date) =>
    new Intl.DateTimeFormat(locale, {
      weekday: 'long',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'America/New_York',
    }).format(date),
  status: (code) => translateMessage(orderStatusLabel(code), locale),
});

const FORM_NAMES: Record<'contact' | 'quote' | 'service', Words> = {
  contact: { 'en-US': 'contact request', 'fr-CA': 'demande de contact', 'es-MX': 'solicitud de contacto' },
  quote: { 'en-US': 'quote request', 'fr-CA': 'demande de soumission', 'es-MX': 'solicitud de cotización' },
  service: { 'en-US': 'service request', 'fr-CA': 'demande de service', 'es-MX': 'solicitud de servicio' },
};

const note = (text: string) => (text ? `\n\n${text}` : '');

/**
 * A name someone else wrote (a company's, the person's who invites), shown as data: in quotation marks, on one line
 * (a control character, line or paragraph separator or bidi control becomes a space, should one be stored from before
 * the schemas refused them), its own quotation marks made plain so it cannot close the quote, and no web address in it
 * a link.
 */
const asData = (text: string) =>
  `“${text
    .replace(/[\p{Cc}\u061C\u200E\u200F\u2028-\u202E\u2066-\u2069]+/gu, ' ')
    .replace(/[“”"]/g, "'")
    // Nothing in it is a link a mail program would make clickable: "https[:]//evil[.]example", "acme[.]com".
    .replace(LINK_LIKE, (link) => link.replace('://', '[:]//').replace(/\./g, '[.]'))
    .trim()}”`;

/** A web address or a host name in a text (a scheme, "www.", or dotted words ending in letters). */
const LINK_LIKE = /\b(?:[a-z][a-z0-9+.-]*:\/\/\S*|www\.\S*|[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}\b\S*)/gi;

const COMPANY_ROLE_WORDS: Record<CompanyRoleName, Words> = {
  Admin: {
    'en-US': 'a company admin',
    'fr-CA': 'administrateur de l’entreprise',
    'es-MX': 'administrador de la empresa',
  },
  Approver: { 'en-US': 'an approver', 'fr-CA': 'approbateur', 'es-MX': 'aprobador' },
  Buyer: { 'en-US': 'a buyer', 'fr-CA': 'acheteur', 'es-MX': 'comprador' },
  Viewer: {
    'en-US': 'a viewer (orders and invoices)',
    'fr-CA': 'lecteur (commandes et factures)',
    'es-MX': 'lector (pedidos y facturas)',
  },
};

const TEMPLATES: { [K in MessageKind]: Template<Extract<Message, { kind: K }>> } = {
  'company-invitation': (m) => {
    const company = asData(m.company);
    const invitedBy = asData(m.invitedBy);
    const { street, city, state, zip } = BRAND.address;
    const store = `${BRAND.name}, ${street}, ${city}, ${state} ${zip} (${BRAND.phones.tollFree}, ${BRAND.email.help})`;
    return {
      'en-US': {
        subject: `${BRAND.name} invites you to buy for ${company}`,
        text: `This invitation comes from ${store}, the industrial parts store.\n\nAn admin of a company that buys on our store invited this e-mail address to buy for it as ${COMPANY_ROLE_WORDS[m.role]['en-US']}. As they wrote them:\nCompany: ${company}\nInvited by: ${invitedBy}\n\nTo check it without this e-mail's link: go to the ${BRAND.name} site yourself, sign in with this e-mail address (or register with it), and open your company page (Account, then Company): the invitation waits there, from the same company.\n\nOr accept it with this link (it works for 7 days, once):\n${m.url}\n\nNot expecting this? Ignore this e-mail: nothing changes unless you accept.`,
      },
      'fr-CA': {
        subject: `${BRAND.name} vous invite à acheter pour ${company}`,
        text: `Cette invitation vient d’${store}, le magasin de pièces industrielles.\n\nUn administrateur d’une entreprise qui achète chez nous a invité cette adresse courriel à acheter pour elle comme ${COMPANY_ROLE_WORDS[m.role]['fr-CA']}. Tels qu’il les a écrits :\nEntreprise : ${company}\nInvitation de : ${invitedBy}\n\nPour la vérifier sans le lien de ce courriel : allez vous-même sur le site ${BRAND.name}, connectez-vous avec cette adresse courriel (ou inscrivez-vous avec elle) et ouvrez la page de votre entreprise (Compte, puis Entreprise) : l’invitation vous y attend, de la même entreprise.\n\nOu acceptez-la avec ce lien (valide 7 jours, une seule fois) :\n${m.url}\n\nVous ne vous y attendiez pas? Ignorez ce courriel : rien ne change si vous n’acceptez pas.`,
      },
      'es-MX': {
        subject: `${BRAND.name} lo invita a comprar para ${company}`,
        text: `Esta invitación viene de ${store}, la tienda de piezas industriales.\n\nUn administrador de una empresa que compra en nuestra tienda invitó a esta dirección de correo a comprar para ella como ${COMPANY_ROLE_WORDS[m.role]['es-MX']}. Tal como los escribió:\nEmpresa: ${company}\nInvitación de: ${invitedBy}\n\nPara verificarla sin el enlace de este correo: entre usted mismo al sitio de ${BRAND.name}, inicie sesión con esta dirección de correo (o regístrese con ella) y abra la página de su empresa (Cuenta y luego Empresa): ahí lo espera la invitación, de la misma empresa.\n\nO acéptela con este enlace (válido 7 días, una sola vez):\n${m.url}\n\n¿No lo esperaba? Ignore este correo: nada cambia si no acepta.`,
      },
    };
  },
  'approval-requested': (m, _l, f) => {
    const over: Words = {
      'en-US': m.reason === 'order' ? 'their order limit' : 'their monthly limit',
      'fr-CA': m.reason === 'order' ? 'sa limite par commande' : 'sa limite mensuelle',
      'es-MX': m.reason === 'order' ? 'su límite por pedido' : 'su límite mensual',
    };
    return {
      'en-US': {
        subject: `Order ${m.label} from ${m.buyer} is waiting for your approval`,
        text: `${m.buyer} placed order ${m.label} for ${m.company} (${f.money(m.total)}), over ${over['en-US']} of ${f.money(m.limit)}. Nothing is charged until it is approved.\n\nApprove or reject it here:\n${m.url}\n`,
      },
      'fr-CA': {
        subject: `La commande ${m.label} de ${m.buyer} attend votre approbation`,
        text: `${m.buyer} a passé la commande ${m.label} pour ${m.company} (${f.money(m.total)}), au-delà de ${over['fr-CA']} de ${f.money(m.limit)}. Rien n’est facturé avant son approbation.\n\nApprouvez-la ou refusez-la ici :\n${m.url}\n`,
      },
      'es-MX': {
        subject: `El pedido ${m.label} de ${m.buyer} espera su aprobación`,
        text: `${m.buyer} hizo el pedido ${m.label} para ${m.company} (${f.money(m.total)}), por encima de ${over['es-MX']} de ${f.money(m.limit)}. No se cobra nada hasta que se apruebe.\n\nApruébelo o rechácelo aquí:\n${m.url}\n`,
      },
    };
  },
  'order-approved': (m, _l, f) => {
    const next: Record<typeof m.next, Words> = {
      paid: {
        'en-US': `Your card was charged ${f.money(m.total)} and the order is on its way to our warehouse.`,
        'fr-CA': `Votre carte a été débitée de ${f.money(m.total)} et la commande part vers notre entrepôt.`,
        'es-MX': `Se cargaron ${f.money(m.total)} a su tarjeta y el pedido va a nuestro almacén.`,
      },
      pay: {
        'en-US': `The payment did not go through: pay ${f.money(m.total)} with a card (or by purchase order if your company is on net terms) here:`,
        'fr-CA': `Le paiement n’a pas abouti : payez ${f.money(m.total)} par carte (ou par bon de commande si votre entreprise a des conditions de paiement) ici :`,
        'es-MX': `El pago no se completó: pague ${f.money(m.total)} con tarjeta (o con orden de compra si su empresa tiene crédito) aquí:`,
      },
      terms: {
        'en-US': `It is billed to your company's account (${f.money(m.total)}) and is on its way to our warehouse.`,
        'fr-CA': `Elle est facturée au compte de votre entreprise (${f.money(m.total)}) et part vers notre entrepôt.`,
        'es-MX': `Se factura a la cuenta de su empresa (${f.money(m.total)}) y va a nuestro almacén.`,
      },
    };
    const link: Words = {
      'en-US': m.next === 'pay' ? m.url : `Order details and invoice: ${m.url}`,
      'fr-CA': m.next === 'pay' ? m.url : `Détails de la commande et facture : ${m.url}`,
      'es-MX': m.next === 'pay' ? m.url : `Detalles del pedido y factura: ${m.url}`,
    };
    return {
      'en-US': {
        subject: `Your Axisline Supply order ${m.label} was approved`,
        text: `${m.by} approved your order ${m.label}.${note(m.note)}\n\n${next[m.next]['en-US']}\n${link['en-US']}\n\n${m.lines}\n`,
      },
      'fr-CA': {
        subject: `Votre commande Axisline Supply ${m.label} a été approuvée`,
        text: `${m.by} a approuvé votre commande ${m.label}.${note(m.note)}\n\n${next[m.next]['fr-CA']}\n${link['fr-CA']}\n\n${m.lines}\n`,
      },
      'es-MX': {
        subject: `Su pedido de Axisline Supply ${m.label} fue aprobado`,
        text: `${m.by} aprobó su pedido ${m.label}.${note(m.note)}\n\n${next[m.next]['es-MX']}\n${link['es-MX']}\n\n${m.lines}\n`,
      },
    };
  },
  'order-rejected': (m) => ({
    'en-US': {
      subject: `Your Axisline Supply order ${m.label} was not approved`,
      text: `${m.by} did not approve your order ${m.label}, and it is cancelled. Nothing was charged.${note(m.note)}\n\nTo change it and send it again, open the order and choose Re-order: its items go back to your cart.\n${m.url}\n\n${m.lines}\n`,
    },
    'fr-CA': {
      subject: `Votre commande Axisline Supply ${m.label} n’a pas été approuvée`,
      text: `${m.by} n’a pas approuvé votre commande ${m.label}, qui est annulée. Rien n’a été facturé.${note(m.note)}\n\nPour la modifier et l’envoyer de nouveau, ouvrez la commande et choisissez Commander de nouveau : ses articles reviennent dans votre panier.\n${m.url}\n\n${m.lines}\n`,
    },
    'es-MX': {
      subject: `Su pedido de Axisline Supply ${m.label} no fue aprobado`,
      text: `${m.by} no aprobó su pedido ${m.label}, y se canceló. No se cobró nada.${note(m.note)}\n\nPara cambiarlo y enviarlo de nuevo, abra el pedido y elija Volver a pedir: sus artículos vuelven a su carrito.\n${m.url}\n\n${m.lines}\n`,
    },
  }),
  'quote-sent': (m, _locale, f) => ({
    'en-US': {
      subject: `Your quote ${m.number} from Axisline Supply`,
      text: `We have priced your quote ${m.number}: ${f.money(m.total)} with freight, before tax. Lead time: ${m.leadTimeDays} business days. It is open until ${f.day(m.expiresOn)}.${note(m.note)}\n\nRead it, ask a question or accept it and check out here:\n${m.url}\n`,
    },
    'fr-CA': {
      subject: `Votre soumission ${m.number} d’Axisline Supply`,
      text: `Nous avons établi le prix de votre soumission ${m.number} : ${f.money(m.total)} avec le transport, avant taxes. Délai : ${m.leadTimeDays} jours ouvrables. Elle est valable jusqu’au ${f.day(m.expiresOn)}.${note(m.note)}\n\nConsultez-la, posez une question ou acceptez-la et passez la commande ici :\n${m.url}\n`,
    },
    'es-MX': {
      subject: `Su cotización ${m.number} de Axisline Supply`,
      text: `Cotizamos su solicitud ${m.number}: ${f.money(m.total)} con flete, antes de impuestos. Plazo de entrega: ${m.leadTimeDays} días hábiles. Es válida hasta el ${f.day(m.expiresOn)}.${note(m.note)}\n\nConsúltela, haga una pregunta o acéptela y pague aquí:\n${m.url}\n`,
    },
  }),
  'quote-declined': (m) => ({
    'en-US': {
      subject: `Your quote request ${m.number} at Axisline Supply`,
      text: `We cannot quote your request ${m.number}.${note(m.note)}\n\nYour request stays here:\n${m.url}\n`,
    },
    'fr-CA': {
      subject: `Votre demande de soumission ${m.number} chez Axisline Supply`,
      text: `Nous ne pouvons pas donner suite à votre demande de soumission ${m.number}.${note(m.note)}\n\nVotre demande reste consultable ici :\n${m.url}\n`,
    },
    'es-MX': {
      subject: `Su solicitud de cotización ${m.number} en Axisline Supply`,
      text: `No podemos cotizar su solicitud ${m.number}.${note(m.note)}\n\nSu solicitud sigue disponible aquí:\n${m.url}\n`,
    },
  }),
  'quote-message': (m) => ({
    'en-US': {
      subject: `New message on quote ${m.number}`,
      text: `${m.from} wrote about quote ${m.number}:\n\n${m.body}\n\nRead and answer it here:\n${m.url}\n`,
    },
    'fr-CA': {
      subject: `Nouveau message sur la soumission ${m.number}`,
      text: `${m.from} a écrit au sujet de la soumission ${m.number} :\n\n${m.body}\n\nLisez-le et répondez ici :\n${m.url}\n`,
    },
    'es-MX': {
      subject: `Nuevo mensaje sobre la cotización ${m.number}`,
      text: `${m.from} escribió sobre la cotización ${m.number}:\n\n${m.body}\n\nLéalo y responda aquí:\n${m.url}\n`,
    },
  }),
  'webhook-disabled': (m, _locale, f) => ({
    'en-US': {
      subject: `Webhooks stopped: ${m.endpoint}`,
      text: `Every delivery to ${m.endpoint} has failed since ${f.day(m.since)} (last answer: ${m.lastError}), so after ${m.days} days we turned the endpoint off. Deliveries still waiting resume once it is on again, failed ones can be replayed, and the event feed (/api/events) keeps what happens meanwhile.\n\n${m.url ? `Fix the receiver, then turn the endpoint on again here:\n${m.url}\n` : 'Fix the receiver, then turn the endpoint on again with updateWebhookEndpoint (enabled: true).\n'}`,
    },
    'fr-CA': {
      subject: `Webhooks arrêtés : ${m.endpoint}`,
      text: `Toutes les livraisons à ${m.endpoint} échouent depuis le ${f.day(m.since)} (dernière réponse : ${m.lastError}); après ${m.days} jours, nous avons désactivé ce point de terminaison. Les livraisons en attente reprendront dès sa réactivation, celles qui ont échoué peuvent être relancées, et le flux d’événements (/api/events) conserve ce qui arrive entre-temps.\n\n${m.url ? `Corrigez le destinataire, puis réactivez le point de terminaison ici :\n${m.url}\n` : 'Corrigez le destinataire, puis réactivez le point de terminaison avec updateWebhookEndpoint (enabled: true).\n'}`,
    },
    'es-MX': {
      subject: `Webhooks detenidos: ${m.endpoint}`,
      text: `Todas las entregas a ${m.endpoint} fallan desde el ${f.day(m.since)} (última respuesta: ${m.lastError}); después de ${m.days} días desactivamos el endpoint. Las entregas pendientes se reanudan al volver a activarlo, las fallidas pueden reenviarse, y el flujo de eventos (/api/events) conserva lo que ocurra mientras tanto.\n\n${m.url ? `Corrija el receptor y vuelva a activar el endpoint aquí:\n${m.url}\n` : 'Corrija el receptor y vuelva a activar el endpoint con updateWebhookEndpoint (enabled: true).\n'}`,
    },
  }),
  'company-application-decided': (m) =>
    m.approved
      ? {
          'en-US': {
            subject: `${m.company} now buys on account at Axisline Supply`,
            text: `Your application is approved: ${m.company} has a company account, and you are its admin.${note(m.note)}\n\nInvite your colleagues, set their roles and limits, and add your locations here:\n${m.url}\n`,
          },
          'fr-CA': {
            subject: `${m.company} achète maintenant en compte chez Axisline Supply`,
            text: `Votre demande est approuvée : ${m.company} a un compte d’entreprise, et vous en êtes l’administrateur.${note(m.note)}\n\nInvitez vos collègues, fixez leurs rôles et leurs limites, et ajoutez vos emplacements ici :\n${m.url}\n`,
          },
          'es-MX': {
            subject: `${m.company} ya compra a crédito en Axisline Supply`,
            text: `Su solicitud fue aprobada: ${m.company} tiene una cuenta de empresa, y usted es su administrador.${note(m.note)}\n\nInvite a sus colegas, defina sus roles y límites, y agregue sus ubicaciones aquí:\n${m.url}\n`,
          },
        }
      : {
          'en-US': {
            subject: `Your company account application for ${m.company}`,
            text: `We could not open a company account for ${m.company} yet.${note(m.note)}\n\nYou can send a new application here, or call us at ${BRAND.phones.tollFree}:\n${m.url}\n`,
          },
          'fr-CA': {
            subject: `Votre demande de compte d’entreprise pour ${m.company}`,
            text: `Nous ne pouvons pas encore ouvrir de compte d’entreprise pour ${m.company}.${note(m.note)}\n\nVous pouvez envoyer une nouvelle demande ici, ou nous appeler au ${BRAND.phones.tollFree} :\n${m.url}\n`,
          },
          'es-MX': {
            subject: `Su solicitud de cuenta de empresa para ${m.company}`,
            text: `Aún no podemos abrir una cuenta de empresa para ${m.company}.${note(m.note)}\n\nPuede enviar una nueva solicitud aquí, o llamarnos al ${BRAND.phones.tollFree}:\n${m.url}\n`,
          },
        },
  'account-exists': (m) => ({
    'en-US': {
      subject: 'You already have an Axisline Supply account',
      text: `Someone (hopefully you) tried to register ${m.email}, which already has an account.\n\nSign in: ${m.signInUrl}\nForgot your password? ${m.forgotUrl}`,
    },
    'fr-CA': {
      subject: 'Vous avez déjà un compte Axisline Supply',
      text: `Quelqu’un (vous, nous l’espérons) a tenté d’inscrire ${m.email}, qui a déjà un compte.\n\nConnexion : ${m.signInUrl}\nMot de passe oublié? ${m.forgotUrl}`,
    },
    'es-MX': {
      subject: 'Ya tiene una cuenta de Axisline Supply',
      text: `Alguien (esperamos que usted) intentó registrar ${m.email}, que ya tiene una cuenta.\n\nIniciar sesión: ${m.signInUrl}\n¿Olvidó su contraseña? ${m.forgotUrl}`,
    },
  }),
  registration: (m) => ({
    'en-US': {
      subject: 'Confirm your e-mail to finish your Axisline Supply account',
      text: `Hi ${m.firstName},\n\nChoose your password to finish your account (the link works for 48 hours):\n${m.url}\n`,
    },
    'fr-CA': {
      subject: 'Confirmez votre courriel pour terminer votre compte Axisline Supply',
      text: `Bonjour ${m.firstName},\n\nChoisissez votre mot de passe pour terminer votre compte (le lien est valide 48 heures) :\n${m.url}\n`,
    },
    'es-MX': {
      subject: 'Confirme su correo para terminar su cuenta de Axisline Supply',
      text: `Hola ${m.firstName}:\n\nElija su contraseña para terminar su cuenta (el enlace es válido 48 horas):\n${m.url}\n`,
    },
  }),
  'password-reset': (m) => ({
    'en-US': {
      subject: 'Reset your Axisline Supply password',
      text: `Hi ${m.firstName},\n\nChoose a new password (the link works for one hour, once):\n${m.url}\n\nDid not ask? Ignore this e-mail; your password stays as it is.`,
    },
    'fr-CA': {
      subject: 'Réinitialisez votre mot de passe Axisline Supply',
      text: `Bonjour ${m.firstName},\n\nChoisissez un nouveau mot de passe (le lien est valide une heure, une seule fois) :\n${m.url}\n\nVous n’avez rien demandé? Ignorez ce courriel; votre mot de passe reste le même.`,
    },
    'es-MX': {
      subject: 'Restablezca su contraseña de Axisline Supply',
      text: `Hola ${m.firstName}:\n\nElija una contraseña nueva (el enlace es válido una hora, una sola vez):\n${m.url}\n\n¿No lo pidió? Ignore este correo; su contraseña no cambia.`,
    },
  }),
  'password-reset-all': (m) => ({
    'en-US': {
      subject: 'Choose a new password for Axisline Supply',
      text: `Hi ${m.firstName},\n\nFor your security every Axisline Supply password was reset. Choose a new one (the link works for 72 hours, once):\n${m.url}\n`,
    },
    'fr-CA': {
      subject: 'Choisissez un nouveau mot de passe pour Axisline Supply',
      text: `Bonjour ${m.firstName},\n\nPour votre sécurité, tous les mots de passe Axisline Supply ont été réinitialisés. Choisissez-en un nouveau (le lien est valide 72 heures, une seule fois) :\n${m.url}\n`,
    },
    'es-MX': {
      subject: 'Elija una contraseña nueva para Axisline Supply',
      text: `Hola ${m.firstName}:\n\nPor su seguridad, se restablecieron todas las contraseñas de Axisline Supply. Elija una nueva (el enlace es válido 72 horas, una sola vez):\n${m.url}\n`,
    },
  }),
  'order-confirmation': (m, _l, f) => ({
    'en-US': {
      subject: `Your Axisline Supply order ${m.label}`,
      text: `Thank you for your order ${m.label} (${f.status(m.status)}).\n\n${m.lines}\n\nTotal: ${f.money(m.total)}\n\nOrder details and invoice: ${m.url}\n`,
    },
    'fr-CA': {
      subject: `Votre commande Axisline Supply ${m.label}`,
      text: `Merci de votre commande ${m.label} (${f.status(m.status)}).\n\n${m.lines}\n\nTotal : ${f.money(m.total)}\n\nDétails de la commande et facture : ${m.url}\n`,
    },
    'es-MX': {
      subject: `Su pedido de Axisline Supply ${m.label}`,
      text: `Gracias por su pedido ${m.label} (${f.status(m.status)}).\n\n${m.lines}\n\nTotal: ${f.money(m.total)}\n\nDetalles del pedido y factura: ${m.url}\n`,
    },
  }),
  'order-payment-failed': (m, _l, f) => {
    const reason: Record<typeof m.reason, Words> = {
      declined: {
        'en-US': 'Your card was declined.',
        'fr-CA': 'Votre carte a été refusée.',
        'es-MX': 'Su tarjeta fue rechazada.',
      },
      authentication: {
        'en-US': 'Your bank could not authenticate this payment.',
        'fr-CA': 'Votre banque n’a pas pu authentifier ce paiement.',
        'es-MX': 'Su banco no pudo autenticar este pago.',
      },
      unconfirmed: {
        'en-US': 'Your bank asked to confirm the payment and it was not confirmed.',
        'fr-CA': 'Votre banque a demandé de confirmer le paiement, et il n’a pas été confirmé.',
        'es-MX': 'Su banco pidió confirmar el pago y no se confirmó.',
      },
      other: {
        'en-US': 'The payment did not go through.',
        'fr-CA': 'Le paiement n’a pas abouti.',
        'es-MX': 'El pago no se completó.',
      },
    };
    const day = f.day(m.cancelOn);
    return {
      'en-US': {
        subject: `Payment for your Axisline Supply order ${m.label} did not go through`,
        text: `We could not take payment for your order ${m.label} (${f.money(m.total)}). ${reason[m.reason]['en-US']}\n\nYour order is kept for you until ${day}. Pay with another card (or by purchase order if your account is on net terms) here:\n${m.url}\n\nIf it is not paid by then, it will be cancelled and nothing will be charged.\n\n${m.lines}\n`,
      },
      'fr-CA': {
        subject: `Le paiement de votre commande Axisline Supply ${m.label} n’a pas abouti`,
        text: `Nous n’avons pas pu encaisser le paiement de votre commande ${m.label} (${f.money(m.total)}). ${reason[m.reason]['fr-CA']}\n\nNous gardons votre commande jusqu’au ${day}. Payez avec une autre carte (ou par bon de commande si votre compte a des conditions de paiement) ici :\n${m.url}\n\nSi elle n’est pas payée d’ici là, elle sera annulée et rien ne sera facturé.\n\n${m.lines}\n`,
      },
      'es-MX': {
        subject: `El pago de su pedido de Axisline Supply ${m.label} no se completó`,
        text: `No pudimos cobrar su pedido ${m.label} (${f.money(m.total)}). ${reason[m.reason]['es-MX']}\n\nGuardamos su pedido hasta el ${day}. Pague con otra tarjeta (o con orden de compra si su cuenta tiene crédito) aquí:\n${m.url}\n\nSi no se paga para entonces, se cancelará y no se cobrará nada.\n\n${m.lines}\n`,
      },
    };
  },
  'order-cancelled': (m, _l, f) => {
    const days = m.days ?? 0;
    const why: Words = {
      customer: {
        'en-US': 'you cancelled it.',
        'fr-CA': 'vous l’avez annulée.',
        'es-MX': 'usted lo canceló.',
      },
      store: {
        'en-US': 'our customer service team cancelled it (reply to this e-mail with any question).',
        'fr-CA': 'notre service à la clientèle l’a annulée (répondez à ce courriel pour toute question).',
        'es-MX':
          'nuestro equipo de atención a clientes lo canceló (responda a este correo si tiene preguntas).',
      },
      'left-company': {
        'en-US': 'it was waiting for your company’s approval, and you no longer buy for that company.',
        'fr-CA':
          'elle attendait l’approbation de votre entreprise, et vous n’achetez plus pour cette entreprise.',
        'es-MX': 'esperaba la aprobación de su empresa, y usted ya no compra para esa empresa.',
      },
      unpaid: {
        'en-US': `we did not receive its payment within ${days} day${days === 1 ? '' : 's'}.`,
        'fr-CA': `nous n’avons pas reçu son paiement dans un délai de ${days} jour${days === 1 ? '' : 's'}.`,
        'es-MX': `no recibimos su pago en ${days} día${days === 1 ? '' : 's'}.`,
      },
    }[m.by];
    const money: Words =
      m.money.kind === 'refunded'
        ? {
            'en-US': `The ${f.money(m.money.amount)} paid is refunded to your card.`,
            'fr-CA': `Les ${f.money(m.money.amount)} payés sont remboursés sur votre carte.`,
            'es-MX': `Los ${f.money(m.money.amount)} pagados se reembolsan a su tarjeta.`,
          }
        : m.money.kind === 'released'
          ? {
              'en-US': 'The amount held on your card is released.',
              'fr-CA': 'Le montant retenu sur votre carte est libéré.',
              'es-MX': 'Se libera el monto retenido en su tarjeta.',
            }
          : {
              'en-US': m.by === 'unpaid' ? 'Nothing was charged to your card.' : 'Nothing was charged.',
              'fr-CA': m.by === 'unpaid' ? 'Rien n’a été facturé sur votre carte.' : 'Rien n’a été facturé.',
              'es-MX': m.by === 'unpaid' ? 'No se cobró nada a su tarjeta.' : 'No se cobró nada.',
            };
    return {
      'en-US': {
        subject: `Your Axisline Supply order ${m.label} was cancelled`,
        text: `Your order ${m.label} was cancelled: ${why['en-US']}\n\n${money['en-US']}\n\n${m.lines}\n\nThe order and a button to order the same parts again: ${m.url}\n`,
      },
      'fr-CA': {
        subject: `Votre commande Axisline Supply ${m.label} a été annulée`,
        text: `Votre commande ${m.label} a été annulée : ${why['fr-CA']}\n\n${money['fr-CA']}\n\n${m.lines}\n\nLa commande, et un bouton pour commander les mêmes pièces : ${m.url}\n`,
      },
      'es-MX': {
        subject: `Su pedido de Axisline Supply ${m.label} fue cancelado`,
        text: `Su pedido ${m.label} fue cancelado: ${why['es-MX']}\n\n${money['es-MX']}\n\n${m.lines}\n\nEl pedido y un botón para pedir las mismas piezas: ${m.url}\n`,
      },
    };
  },
  'order-shipped': (m) => {
    const track = (label: string) => (m.trackingUrl ? `${label} ${m.trackingUrl}\n` : '');
    return {
      'en-US': {
        subject: m.complete
          ? `Your Axisline Supply order ${m.label} has shipped`
          : `Part of your Axisline Supply order ${m.label} has shipped`,
        text: `${m.complete ? `Your order ${m.label} is on its way` : `Part of your order ${m.label} is on its way; we will write again when the rest ships`}.\n\n${m.items}\n\nCarrier: ${m.carrier}\nTracking number: ${m.trackingNumber}\n${track('Track it:')}\nOrder details: ${m.url}\n`,
      },
      'fr-CA': {
        subject: m.complete
          ? `Votre commande Axisline Supply ${m.label} a été expédiée`
          : `Une partie de votre commande Axisline Supply ${m.label} a été expédiée`,
        text: `${m.complete ? `Votre commande ${m.label} est en route` : `Une partie de votre commande ${m.label} est en route; nous vous écrirons quand le reste sera expédié`}.\n\n${m.items}\n\nTransporteur : ${m.carrier}\nNuméro de suivi : ${m.trackingNumber}\n${track('Suivre le colis :')}\nDétails de la commande : ${m.url}\n`,
      },
      'es-MX': {
        subject: m.complete
          ? `Su pedido de Axisline Supply ${m.label} fue enviado`
          : `Parte de su pedido de Axisline Supply ${m.label} fue enviada`,
        text: `${m.complete ? `Su pedido ${m.label} va en camino` : `Parte de su pedido ${m.label} va en camino; le escribiremos cuando se envíe el resto`}.\n\n${m.items}\n\nPaquetería: ${m.carrier}\nNúmero de rastreo: ${m.trackingNumber}\n${track('Rastrear:')}\nDetalles del pedido: ${m.url}\n`,
      },
    };
  },
  'return-requested': (m) => ({
    'en-US': {
      subject: `Return requested for ${m.label}`,
      text: 'We received your return request. We will tell you our decision within two business days.',
    },
    'fr-CA': {
      subject: `Demande de retour pour ${m.label}`,
      text: 'Nous avons reçu votre demande de retour. Nous vous donnerons notre décision d’ici deux jours ouvrables.',
    },
    'es-MX': {
      subject: `Devolución solicitada para ${m.label}`,
      text: 'Recibimos su solicitud de devolución. Le daremos nuestra decisión en un plazo de dos días hábiles.',
    },
  }),
  'return-approved': (m) => ({
    'en-US': {
      subject: `Return approved: ${m.rma}`,
      text: `Print the return page from your account, put it in the box, and ship the items back to us.${note(m.note)}`,
    },
    'fr-CA': {
      subject: `Retour approuvé : ${m.rma}`,
      text: `Imprimez la page de retour depuis votre compte, mettez-la dans la boîte et renvoyez-nous les articles.${note(m.note)}`,
    },
    'es-MX': {
      subject: `Devolución aprobada: ${m.rma}`,
      text: `Imprima la página de devolución desde su cuenta, póngala en la caja y envíenos los artículos.${note(m.note)}`,
    },
  }),
  'return-rejected': (m) => ({
    'en-US': {
      subject: `Return not approved for ${m.label}`,
      text: `We could not approve this return.${note(m.note)}`,
    },
    'fr-CA': {
      subject: `Retour non approuvé pour ${m.label}`,
      text: `Nous n’avons pas pu approuver ce retour.${note(m.note)}`,
    },
    'es-MX': {
      subject: `Devolución no aprobada para ${m.label}`,
      text: `No pudimos aprobar esta devolución.${note(m.note)}`,
    },
  }),
  'return-shipped': (m) => ({
    'en-US': {
      subject: `Return Shipped: ${m.reference}`,
      text: 'Your return is on its way to us. We will tell you when it arrives.',
    },
    'fr-CA': {
      subject: `Retour expédié : ${m.reference}`,
      text: 'Votre retour est en route vers nous. Nous vous écrirons à son arrivée.',
    },
    'es-MX': {
      subject: `Devolución enviada: ${m.reference}`,
      text: 'Su devolución va en camino hacia nosotros. Le avisaremos cuando llegue.',
    },
  }),
  'return-processing': (m) => ({
    'en-US': {
      subject: `Return Processing: ${m.reference}`,
      text: 'Your return arrived and our team is checking the items. The refund follows.',
    },
    'fr-CA': {
      subject: `Retour en traitement : ${m.reference}`,
      text: 'Votre retour est arrivé et notre équipe vérifie les articles. Le remboursement suivra.',
    },
    'es-MX': {
      subject: `Devolución en proceso: ${m.reference}`,
      text: 'Su devolución llegó y nuestro equipo revisa los artículos. El reembolso sigue.',
    },
  }),
  'return-completed': (m, _l, f) => ({
    'en-US': {
      subject: `Refund issued: ${m.reference}`,
      text:
        m.to === 'card'
          ? `We received your return and refunded ${f.money(m.amount)} to your original payment method.`
          : `We received your return and credited ${f.money(m.amount)} to the invoice of your purchase order.`,
    },
    'fr-CA': {
      subject: `Remboursement émis : ${m.reference}`,
      text:
        m.to === 'card'
          ? `Nous avons reçu votre retour et remboursé ${f.money(m.amount)} sur votre moyen de paiement d’origine.`
          : `Nous avons reçu votre retour et crédité ${f.money(m.amount)} sur la facture de votre bon de commande.`,
    },
    'es-MX': {
      subject: `Reembolso emitido: ${m.reference}`,
      text:
        m.to === 'card'
          ? `Recibimos su devolución y reembolsamos ${f.money(m.amount)} a su método de pago original.`
          : `Recibimos su devolución y acreditamos ${f.money(m.amount)} a la factura de su orden de compra.`,
    },
  }),
  'back-in-stock': (m) => ({
    'en-US': {
      subject: `Back in stock: ${m.name}`,
      text: `${m.name} (part ${m.partNumber}) is back in stock and ready to order:\n${m.url}\n\nYou asked us to tell you once; we will not write about it again.\n`,
    },
    'fr-CA': {
      subject: `De retour en stock : ${m.name}`,
      text: `${m.name} (pièce ${m.partNumber}) est de retour en stock et prêt à commander :\n${m.url}\n\nVous nous avez demandé de vous prévenir une fois; nous ne vous écrirons plus à ce sujet.\n`,
    },
    'es-MX': {
      subject: `De nuevo en existencia: ${m.name}`,
      text: `${m.name} (pieza ${m.partNumber}) está de nuevo en existencia y listo para pedir:\n${m.url}\n\nNos pidió avisarle una vez; no le escribiremos más sobre ello.\n`,
    },
  }),
  'back-in-stock-confirm': (m) => ({
    'en-US': {
      subject: `Confirm your back-in-stock notice: ${m.name}`,
      text: `Someone, we hope you, asked us to e-mail this address when ${m.name} (part ${m.partNumber}) is back in stock.\n\nTo get that e-mail, confirm here (the link works for ${m.days} days, once):\n${m.url}\n\nNot you? Ignore this e-mail: without your confirmation we will not write about it.\n`,
    },
    'fr-CA': {
      subject: `Confirmez votre avis de retour en stock : ${m.name}`,
      text: `Quelqu’un, vous sans doute, nous a demandé d’écrire à cette adresse quand ${m.name} (pièce ${m.partNumber}) sera de retour en stock.\n\nPour recevoir ce courriel, confirmez ici (le lien est valide ${m.days} jours, une seule fois) :\n${m.url}\n\nCe n’est pas vous? Ignorez ce courriel : sans votre confirmation, nous ne vous écrirons pas à ce sujet.\n`,
    },
    'es-MX': {
      subject: `Confirme su aviso de nueva existencia: ${m.name}`,
      text: `Alguien, esperamos que usted, nos pidió escribir a esta dirección cuando ${m.name} (pieza ${m.partNumber}) esté de nuevo en existencia.\n\nPara recibir ese correo, confirme aquí (el enlace es válido ${m.days} días, una sola vez):\n${m.url}\n\n¿No fue usted? Ignore este correo: sin su confirmación no le escribiremos sobre ello.\n`,
    },
  }),
  'form-received': (m) => ({
    'en-US': {
      subject: `We received your ${FORM_NAMES[m.form]['en-US']}`,
      text: `Thank you. Our team answers within one business day; for anything urgent call ${m.phone}.\n\nReference: ${m.reference}\n${m.url ? `\nFollow it, read our answer and accept it on your account:\n${m.url}\n` : ''}`,
    },
    'fr-CA': {
      subject: `Nous avons reçu votre ${FORM_NAMES[m.form]['fr-CA']}`,
      text: `Merci. Notre équipe répond en un jour ouvrable; pour toute urgence, appelez le ${m.phone}.\n\nRéférence : ${m.reference}\n${m.url ? `\nSuivez-la, lisez notre réponse et acceptez-la dans votre compte :\n${m.url}\n` : ''}`,
    },
    'es-MX': {
      subject: `Recibimos su ${FORM_NAMES[m.form]['es-MX']}`,
      text: `Gracias. Nuestro equipo responde en un día hábil; para algo urgente llame al ${m.phone}.\n\nReferencia: ${m.reference}\n${m.url ? `\nSígala, lea nuestra respuesta y acéptela en su cuenta:\n${m.url}\n` : ''}`,
    },
  }),
};

/** An e-mail's subject and text in `locale`. */
export function render(message: Message, locale: Locale): Rendered {
  const template = TEMPLATES[message.kind] as Template<Message>;
  return template(message, locale, formatters(locale))[locale];
}
