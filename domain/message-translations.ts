import type { Locale } from './constants';

/**
 * The store's English messages (the specification's words: validation, refusals) in the shop's other languages.
 * Each entry: the English text, its fr-CA and es-MX translations. `{label}` and `{n}` stand for any text: a number
 * is kept, a field's name is translated by its own entry ("Zip code cannot include leading and trailing spaces"
 * reads "Code ZIP ne peut pas commencer ni finir par une espace"). domain/message-translations.spec.ts fails when
 * a message of the domain's schemas has no entry.
 */
const MESSAGES: Readonly<Record<string, readonly [frCA: string, esMX: string]>> = {
  // Punchout refusals the shop shows (domain/punchout.ts, decision 072).
  'In a punchout session your cart goes back to your procurement system: use Transfer cart.': [
    'Dans une session punchout, votre panier retourne à votre système d’approvisionnement : utilisez Transférer le panier.',
    'En una sesión de punchout su carrito vuelve a su sistema de compras: use Transferir carrito.',
  ],
  'This cart was opened to inspect it: it cannot be changed.': [
    'Ce panier est ouvert en consultation : il ne peut pas être modifié.',
    'Este carrito se abrió para consultarlo: no se puede cambiar.',
  ],
  'Every line needs a price before the cart is transferred: remove the lines without one.': [
    'Chaque ligne doit avoir un prix avant le transfert du panier : retirez les lignes qui n’en ont pas.',
    'Cada línea necesita un precio antes de transferir el carrito: quite las líneas sin precio.',
  ],
  // Names of fields, inside the messages below.
  Address: ['Adresse', 'Dirección'],
  'Address line 1': ['Adresse, ligne 1', 'Dirección, línea 1'],
  'Address line 2': ['Adresse, ligne 2', 'Dirección, línea 2'],
  City: ['Ville', 'Ciudad'],
  Company: ['Entreprise', 'Empresa'],
  Name: ['Nom', 'Nombre'],
  Price: ['Prix', 'Precio'],
  Quantity: ['Quantité', 'Cantidad'],
  Service: ['Service', 'Servicio'],
  'Configuration price': ['Prix de la configuration', 'Precio de la configuración'],
  'ERP Order ID': ['Numéro de commande ERP', 'Número de pedido ERP'],
  'Postal code': ['Code postal', 'Código postal'],
  'Tax amount': ['Montant des taxes', 'Monto de impuestos'],
  'Total amount': ['Montant total', 'Monto total'],
  'Zip code': ['Code ZIP', 'Código ZIP'],
  'Tracking number': ['Numéro de suivi', 'Número de rastreo'],
  'Ship date': ['Date d’expédition', 'Fecha de envío'],
  'Delivery date': ['Date de livraison', 'Fecha de entrega'],
  // Messages built on a field's name.
  '{label} cannot include leading and trailing spaces': [
    '{label} ne peut pas commencer ni finir par une espace',
    '{label} no puede empezar ni terminar con espacios',
  ],
  '{label} is a required field': ['{label} est un champ obligatoire', '{label} es un campo obligatorio'],
  "{label} can't be a negative value": ['{label} ne peut pas être négatif', '{label} no puede ser negativo'],
  '{label} is required': ['{label} est obligatoire', '{label} es obligatorio'],
  // Addresses.
  'Address line 1 is a required field': [
    'Adresse, ligne 1 est un champ obligatoire',
    'Dirección, línea 1 es un campo obligatorio',
  ],
  'Address not found': ['Adresse introuvable', 'No se encontró la dirección'],
  'Card not found': ['Carte introuvable', 'No se encontró la tarjeta'],
  'City is a required field': ['Ville est un champ obligatoire', 'Ciudad es un campo obligatorio'],
  'City is required': ['La ville est obligatoire', 'La ciudad es obligatoria'],
  'Name is a required field': ['Nom est un champ obligatoire', 'Nombre es un campo obligatorio'],
  'State is a required field': ['L’État est un champ obligatoire', 'Estado es un campo obligatorio'],
  'State is required': ['L’État est obligatoire', 'El estado es obligatorio'],
  'State is not a US state code': [
    'L’État n’est pas un code d’État américain',
    'El estado no es un código de estado de EE. UU.',
  ],
  'Zip Code is a required field': ['Code ZIP est un champ obligatoire', 'Código ZIP es un campo obligatorio'],
  'Zip code must be only digits': [
    'Le code ZIP ne doit contenir que des chiffres',
    'El código ZIP solo debe contener dígitos',
  ],
  'Zip code does not belong to the state': [
    'Le code ZIP n’appartient pas à cet État',
    'El código ZIP no pertenece al estado',
  ],
  'Province is a required field': ['Province est un champ obligatoire', 'Provincia es un campo obligatorio'],
  'Province is not a Canadian province or territory': [
    'La province n’est pas une province ou un territoire du Canada',
    'La provincia no es una provincia ni un territorio de Canadá',
  ],
  'Postal code is a required field': [
    'Code postal est un champ obligatoire',
    'Código postal es un campo obligatorio',
  ],
  'Enter a postal code like K1A 0B1': [
    'Entrez un code postal comme K1A 0B1',
    'Escriba un código postal como K1A 0B1',
  ],
  'Postal code does not belong to the province': [
    'Le code postal n’appartient pas à cette province',
    'El código postal no pertenece a la provincia',
  ],
  'Choose a country': ['Choisissez un pays', 'Elija un país'],
  'We ship within Canada': ['Nous livrons au Canada seulement', 'Solo enviamos dentro de Canadá'],
  // A part restricted to regions outside the site's country (decision 057).
  'Not sold for delivery in Canada': [
    'Non vendu pour livraison au Canada',
    'No se vende para entrega en Canadá',
  ],
  'Not sold for delivery in the United States': [
    'Non vendu pour livraison aux États-Unis',
    'No se vende para entrega en Estados Unidos',
  ],
  'Part {label} is not sold for delivery in Canada.': [
    'La pièce {label} n’est pas vendue pour livraison au Canada.',
    'La pieza {label} no se vende para entrega en Canadá.',
  ],
  'Part {label} is not sold for delivery in the United States.': [
    'La pièce {label} n’est pas vendue pour livraison aux États-Unis.',
    'La pieza {label} no se vende para entrega en Estados Unidos.',
  ],
  'We ship within the United States': [
    'Nous livrons aux États-Unis seulement',
    'Solo enviamos dentro de Estados Unidos',
  ],
  'Phone number is not valid': [
    'Le numéro de téléphone n’est pas valide',
    'El número de teléfono no es válido',
  ],
  'Phone number is not valid.': [
    'Le numéro de téléphone n’est pas valide.',
    'El número de teléfono no es válido.',
  ],
  // Accounts.
  'E-mail is a required field': [
    'Courriel est un champ obligatoire',
    'Correo electrónico es un campo obligatorio',
  ],
  'E-mail must be a valid email': [
    'Le courriel doit être une adresse valide',
    'El correo electrónico debe ser válido',
  ],
  'Email is required': ['Le courriel est obligatoire', 'El correo electrónico es obligatorio'],
  'Email must be valid': ['Le courriel doit être valide', 'El correo electrónico debe ser válido'],
  'First Name is required': ['Le prénom est obligatoire', 'El nombre es obligatorio'],
  'Last Name is required': ['Le nom de famille est obligatoire', 'El apellido es obligatorio'],
  'First name must be less than 64 characters.': [
    'Le prénom doit compter moins de 64 caractères.',
    'El nombre debe tener menos de 64 caracteres.',
  ],
  'Last name must be less than 64 characters.': [
    'Le nom de famille doit compter moins de 64 caractères.',
    'El apellido debe tener menos de 64 caracteres.',
  ],
  'Names are limited to 64 characters': [
    'Les noms sont limités à 64 caractères',
    'Los nombres están limitados a 64 caracteres',
  ],
  'Please enter a password.': ['Veuillez entrer un mot de passe.', 'Escriba una contraseña.'],
  'Please enter your email address.': [
    'Veuillez entrer votre adresse courriel.',
    'Escriba su correo electrónico.',
  ],
  'Please enter your first name.': ['Veuillez entrer votre prénom.', 'Escriba su nombre.'],
  'Please enter your last name.': ['Veuillez entrer votre nom de famille.', 'Escriba su apellido.'],
  'Please enter your password.': ['Veuillez entrer votre mot de passe.', 'Escriba su contraseña.'],
  'Passwords do not match': ['Les mots de passe ne correspondent pas', 'Las contraseñas no coinciden'],
  'Your password must be at least 8 characters in length.': [
    'Votre mot de passe doit compter au moins 8 caractères.',
    'Su contraseña debe tener al menos 8 caracteres.',
  ],
  'Your password must be at most {n} characters in length.': [
    'Votre mot de passe doit compter au plus {n} caractères.',
    'Su contraseña debe tener como máximo {n} caracteres.',
  ],
  'Your password must contain at least one letter, at least one number, and at least one special character.':
    [
      'Votre mot de passe doit contenir au moins une lettre, au moins un chiffre et au moins un caractère spécial.',
      'Su contraseña debe contener al menos una letra, al menos un número y al menos un carácter especial.',
    ],
  'This password is too common. Choose another one.': [
    'Ce mot de passe est trop courant. Choisissez-en un autre.',
    'Esta contraseña es demasiado común. Elija otra.',
  ],
  'This registration link is not valid.': [
    'Ce lien d’inscription n’est pas valide.',
    'Este enlace de registro no es válido.',
  ],
  'This reset link is not valid.': [
    'Ce lien de réinitialisation n’est pas valide.',
    'Este enlace para restablecer no es válido.',
  ],
  'You must accept the terms.': ['Vous devez accepter les conditions.', 'Debe aceptar los términos.'],
  'Customer not found': ['Client introuvable', 'No se encontró el cliente'],
  // Checkout and payment.
  'Choose a carrier': ['Choisissez un transporteur', 'Elija una paquetería'],
  'Choose a shipping method': ['Choisissez un mode d’expédition', 'Elija una forma de envío'],
  'Choose a payment method': ['Choisissez un mode de paiement', 'Elija una forma de pago'],
  'Notes are limited to 500 characters': [
    'Les notes sont limitées à 500 caractères',
    'Las notas están limitadas a 500 caracteres',
  ],
  'Enter your card details': ['Entrez les détails de votre carte', 'Escriba los datos de su tarjeta'],
  'Enter your purchase order number': [
    'Entrez votre numéro de bon de commande',
    'Escriba su número de orden de compra',
  ],
  'PO numbers are limited to 40 characters': [
    'Les numéros de bon de commande sont limités à 40 caractères',
    'Los números de orden de compra están limitados a 40 caracteres',
  ],
  'Enter the card number': ['Entrez le numéro de la carte', 'Escriba el número de la tarjeta'],
  'Enter a valid card number': ['Entrez un numéro de carte valide', 'Escriba un número de tarjeta válido'],
  'Enter the expiry date': ['Entrez la date d’expiration', 'Escriba la fecha de vencimiento'],
  'Enter the expiry date as MM/YY': [
    'Entrez la date d’expiration au format MM/AA',
    'Escriba la fecha de vencimiento como MM/AA',
  ],
  'This card has expired': ['Cette carte est expirée', 'Esta tarjeta está vencida'],
  'Enter the security code': ['Entrez le code de sécurité', 'Escriba el código de seguridad'],
  'Enter the 3 or 4 digit security code': [
    'Entrez le code de sécurité à 3 ou 4 chiffres',
    'Escriba el código de seguridad de 3 o 4 dígitos',
  ],
  'Enter the name on the card': [
    'Entrez le nom inscrit sur la carte',
    'Escriba el nombre que aparece en la tarjeta',
  ],
  'Enter a valid date': ['Entrez une date valide', 'Escriba una fecha válida'],
  'Unknown order status': ['Statut de commande inconnu', 'Estado de pedido desconocido'],
  'Page must be 1 or more': ['La page doit être 1 ou plus', 'La página debe ser 1 o más'],
  'Page size must be from 1 to {n}': [
    'La taille de page doit être de 1 à {n}',
    'El tamaño de página debe ser de 1 a {n}',
  ],
  // Cart, lists and quick order.
  'Item is required': ['L’article est obligatoire', 'El artículo es obligatorio'],
  'Item not found': ['Article introuvable', 'No se encontró el artículo'],
  'Line not found': ['Ligne introuvable', 'No se encontró la línea'],
  'Line is required': ['La ligne est obligatoire', 'La línea es obligatoria'],
  'Line is a required field': ['Ligne est un champ obligatoire', 'Línea es un campo obligatorio'],
  'Quantity must be a whole number': [
    'La quantité doit être un nombre entier',
    'La cantidad debe ser un número entero',
  ],
  'Quantity must be a whole number from 1 to {n}': [
    'La quantité doit être un nombre entier de 1 à {n}',
    'La cantidad debe ser un número entero de 1 a {n}',
  ],
  'The quantity must be a whole number from 1 to {n}.': [
    'La quantité doit être un nombre entier de 1 à {n}.',
    'La cantidad debe ser un número entero de 1 a {n}.',
  ],
  'Quantity must be at least 1': ['La quantité doit être d’au moins 1', 'La cantidad debe ser al menos 1'],
  // The console's API keys.
  'User not found': ['Utilisateur introuvable', 'No se encontró el usuario'],
  'Name the key': ['Nommez la clé', 'Asigne un nombre a la clave'],
  'Volume prices start from a quantity of 2.': [
    'Les prix de volume commencent à une quantité de 2.',
    'Los precios por volumen empiezan en una cantidad de 2.',
  ],
  'Each quantity can have one price.': [
    'Chaque quantité a un seul prix.',
    'Cada cantidad tiene un solo precio.',
  ],
  'Enter a price of 0 or more.': ['Entrez un prix de 0 ou plus.', 'Ingrese un precio de 0 o más.'],
  'At most 8 volume prices per list.': [
    'Au plus 8 prix de volume par liste.',
    'Como máximo 8 precios por volumen por lista.',
  ],
  'Each volume price must be below the price for a smaller quantity.': [
    'Chaque prix de volume doit être inférieur au prix d’une plus petite quantité.',
    'Cada precio por volumen debe ser menor que el precio de una cantidad menor.',
  ],
  'Choose at least one line to quote.': [
    'Choisissez au moins une ligne pour la soumission.',
    'Elija al menos una línea para cotizar.',
  ],
  'This line is no longer in your cart.': [
    'Cette ligne n’est plus dans votre panier.',
    'Esta línea ya no está en su carrito.',
  ],
  'Choose a day from today on.': [
    'Choisissez un jour à partir d’aujourd’hui.',
    'Elija un día a partir de hoy.',
  ],
  'Notes are limited to 2,000 characters.': [
    'Les notes sont limitées à 2 000 caractères.',
    'Las notas se limitan a 2,000 caracteres.',
  ],
  'Only customer accounts ask for quotes.': [
    'Seuls les comptes clients demandent des soumissions.',
    'Solo las cuentas de cliente solicitan cotizaciones.',
  ],
  'Enter a unit price of 0 or more.': [
    'Entrez un prix unitaire de 0 ou plus.',
    'Ingrese un precio unitario de 0 o más.',
  ],
  'Enter the freight, 0 or more.': ['Entrez le transport, 0 ou plus.', 'Ingrese el flete, 0 o más.'],
  'Enter a lead time of 0 to 365 days.': [
    'Entrez un délai de 0 à 365 jours.',
    'Ingrese un plazo de entrega de 0 a 365 días.',
  ],
  'Choose a last day from today to 180 days ahead.': [
    'Choisissez un dernier jour entre aujourd’hui et 180 jours plus tard.',
    'Elija un último día entre hoy y 180 días después.',
  ],
  'Price every line of the request.': [
    'Indiquez un prix pour chaque ligne de la demande.',
    'Ponga precio a cada línea de la solicitud.',
  ],
  '{label}: only {n} in stock, and it is not sold on backorder. Lower the quantity or remove it.': [
    '{label} : seulement {n} en stock, et cet article n’est pas vendu en commande différée. Réduisez la quantité ou retirez-le.',
    '{label}: solo {n} en existencia, y no se vende bajo pedido. Reduzca la cantidad o quítelo.',
  ],
  '{label} is out of stock and not sold on backorder. Remove it, or ask to be told when it is back.': [
    '{label} est en rupture de stock et n’est pas vendu en commande différée. Retirez-le, ou demandez à être averti de son retour.',
    '{label} está agotado y no se vende bajo pedido. Quítelo, o pida que le avisemos cuando vuelva.',
  ],
  'Choose a warehouse.': ['Choisissez un entrepôt.', 'Elija un almacén.'],
  'Enter a count from 0 to 10,000,000.': [
    'Entrez un compte de 0 à 10 000 000.',
    'Ingrese una cantidad de 0 a 10.000.000.',
  ],
  'Give the count of at least one warehouse.': [
    'Indiquez le compte d’au moins un entrepôt.',
    'Indique la cantidad de al menos un almacén.',
  ],
  'Say why the stock changes (a count, a delivery, damage…).': [
    'Dites pourquoi le stock change (un inventaire, une livraison, un bris…).',
    'Diga por qué cambian las existencias (un conteo, una entrega, un daño…).',
  ],
  'Give the part number this line is ordered and invoiced as.': [
    'Indiquez le numéro de pièce sous lequel cette ligne est commandée et facturée.',
    'Indique el número de pieza con el que esta línea se pide y se factura.',
  ],
  'No part in the catalogue has this number.': [
    'Aucune pièce du catalogue ne porte ce numéro.',
    'Ninguna pieza del catálogo tiene este número.',
  ],
  'Enter a quantity from 1 to 100,000.': [
    'Entrez une quantité de 1 à 100 000.',
    'Ingrese una cantidad de 1 a 100.000.',
  ],
  'Say why the quote is declined.': [
    'Dites pourquoi la soumission est refusée.',
    'Indique por qué se rechaza la cotización.',
  ],
  'Only the buyer who asked for this quote can accept and order it.': [
    'Seul l’acheteur qui a demandé cette soumission peut l’accepter et la commander.',
    'Solo el comprador que pidió esta cotización puede aceptarla y pedirla.',
  ],
  'This quote was revised: read the new revision before accepting it.': [
    'Cette soumission a été révisée : lisez la nouvelle révision avant de l’accepter.',
    'Esta cotización fue revisada: lea la nueva revisión antes de aceptarla.',
  ],
  'This quote has expired: ask us for a new one.': [
    'Cette soumission a expiré : demandez-nous-en une nouvelle.',
    'Esta cotización venció: pídanos una nueva.',
  ],
  'Only an expired or declined quote can be asked for again.': [
    'Seule une soumission expirée ou refusée peut être demandée de nouveau.',
    'Solo una cotización vencida o rechazada se puede volver a solicitar.',
  ],
  'This quote cannot be accepted now.': [
    'Cette soumission ne peut pas être acceptée maintenant.',
    'Esta cotización no se puede aceptar ahora.',
  ],
  'Accept the quote before checking out.': [
    'Acceptez la soumission avant de passer la commande.',
    'Acepte la cotización antes de pagar.',
  ],
  'This quote was already ordered.': [
    'Cette soumission a déjà été commandée.',
    'Esta cotización ya se pidió.',
  ],
  // Prices below the catalogue's (decision 054).
  'More than {n}% below the catalogue price, or zero: this price needs a Service or Admin role.': [
    'Plus de {n} % sous le prix du catalogue, ou nul : ce prix exige un rôle Service ou Admin.',
    'Más de {n} % por debajo del precio de catálogo, o cero: este precio requiere un rol Service o Admin.',
  ],
  'This quote has no draft to send: reload it.': [
    'Cette soumission n’a pas de brouillon à envoyer : rechargez-la.',
    'Esta cotización no tiene borrador que enviar: vuelva a cargarla.',
  ],
  'A part of this quote is no longer sold: ask us for a new revision.': [
    'Une pièce de cette soumission n’est plus vendue : demandez-nous une nouvelle révision.',
    'Una pieza de esta cotización ya no se vende: pídanos una nueva revisión.',
  ],
  'This quote was asked on another of our sites: accept and order it there.': [
    'Cette soumission a été demandée sur un autre de nos sites : acceptez-la et commandez-la là-bas.',
    'Esta cotización se pidió en otro de nuestros sitios: acéptela y pídala allí.',
  ],
  'Write a message.': ['Écrivez un message.', 'Escriba un mensaje.'],
  'Messages are limited to 2,000 characters.': [
    'Les messages sont limités à 2 000 caractères.',
    'Los mensajes se limitan a 2,000 caracteres.',
  ],
  'This product has no price on this list.': [
    'Ce produit n’a pas de prix sur cette liste.',
    'Este producto no tiene precio en esta lista.',
  ],
  // The ERP's ids (decision 071).
  'ERP item numbers are limited to 64 characters': [
    'Les numéros d’article ERP sont limités à 64 caractères',
    'Los números de artículo ERP están limitados a 64 caracteres',
  ],
  'ERP ship-to ids are limited to 64 characters': [
    'Les identifiants de livraison ERP sont limités à 64 caractères',
    'Los identificadores de envío ERP están limitados a 64 caracteres',
  ],
  'ERP order numbers are limited to 64 characters': [
    'Les numéros de commande ERP sont limités à 64 caractères',
    'Los números de pedido ERP están limitados a 64 caracteres',
  ],
  'Enter the ERP’s order number': [
    'Saisissez le numéro de commande de l’ERP',
    'Ingrese el número de pedido del ERP',
  ],
  'Enter a number of minutes from 0 to 525,600': [
    'Saisissez un nombre de minutes de 0 à 525 600',
    'Ingrese un número de minutos de 0 a 525,600',
  ],
  'Location not found': ['Emplacement introuvable', 'No se encontró la ubicación'],
  'Names are limited to 100 characters': [
    'Les noms sont limités à 100 caractères',
    'Los nombres están limitados a 100 caracteres',
  ],
  'Unknown scope': ['Portée inconnue', 'Alcance desconocido'],
  'Choose at least one scope': ['Choisissez au moins une portée', 'Elija al menos un alcance'],
  'Key not found': ['Clé introuvable', 'No se encontró la clave'],
  // Suppliers' stock.
  'Pages start at 1': ['Les pages commencent à 1', 'Las páginas empiezan en 1'],
  'Product is required': ['Le produit est obligatoire', 'El producto es obligatorio'],
  'In stock is required': ['L’état du stock est obligatoire', 'El estado de existencias es obligatorio'],
  // The console's returns queue.
  'Choose a decision': ['Choisissez une décision', 'Elija una decisión'],
  'Notes are limited to 2,000 characters': [
    'Les notes sont limitées à 2 000 caractères',
    'Las notas están limitadas a 2,000 caracteres',
  ],
  'A return goes to Return Shipped, Return Processing or Return Completed': [
    'Un retour passe à Retour expédié, Retour en traitement ou Retour terminé',
    'Una devolución pasa a Devolución enviada, Devolución en proceso o Devolución completada',
  ],
  // Shipments (the console's Fulfilment card).
  'Tracking number is limited to 40 characters': [
    'Le numéro de suivi est limité à 40 caractères',
    'El número de rastreo está limitado a 40 caracteres',
  ],
  'Tracking number may hold letters, digits, spaces and hyphens': [
    'Le numéro de suivi ne peut contenir que des lettres, des chiffres, des espaces et des traits d’union',
    'El número de rastreo solo puede contener letras, dígitos, espacios y guiones',
  ],
  "Ship date can't be in the future": [
    'La date d’expédition ne peut pas être dans le futur',
    'La fecha de envío no puede estar en el futuro',
  ],
  "Delivery date can't be in the future": [
    'La date de livraison ne peut pas être dans le futur',
    'La fecha de entrega no puede estar en el futuro',
  ],
  'At most {n} items at once': ['Au plus {n} articles à la fois', 'Como máximo {n} artículos a la vez'],
  'At most {n} lines at once': ['Au plus {n} lignes à la fois', 'Como máximo {n} líneas a la vez'],
  'At most 20 configurations per line': [
    'Au plus 20 configurations par ligne',
    'Como máximo 20 configuraciones por línea',
  ],
  'Configuration is required': ['La configuration est obligatoire', 'La configuración es obligatoria'],
  'Configuration ID is a required field': [
    'L’identifiant de configuration est un champ obligatoire',
    'El identificador de configuración es un campo obligatorio',
  ],
  'Configuration value is required': [
    'La valeur de la configuration est obligatoire',
    'El valor de la configuración es obligatorio',
  ],
  'Configuration value must be a number': [
    'La valeur de la configuration doit être un nombre',
    'El valor de la configuración debe ser un número',
  ],
  'List name is required': ['Le nom de la liste est obligatoire', 'El nombre de la lista es obligatorio'],
  'List names are limited to 80 characters': [
    'Les noms de liste sont limités à 80 caractères',
    'Los nombres de lista están limitados a 80 caracteres',
  ],
  'List not found': ['Liste introuvable', 'No se encontró la lista'],
  'Descriptions are limited to 500 characters': [
    'Les descriptions sont limitées à 500 caractères',
    'Las descripciones están limitadas a 500 caracteres',
  ],
  'Descriptions are limited to 5,000 characters': [
    'Les descriptions sont limitées à 5 000 caractères',
    'Las descripciones están limitadas a 5,000 caracteres',
  ],
  'Paste part numbers and quantities, one a line': [
    'Collez des numéros de pièce et des quantités, un par ligne',
    'Pegue números de parte y cantidades, uno por línea',
  ],
  'Paste at most {n} lines at once.': [
    'Collez au plus {n} lignes à la fois.',
    'Pegue como máximo {n} líneas a la vez.',
  ],
  'Write a part number and a quantity, e.g. SFU1605-500 2.': [
    'Écrivez un numéro de pièce et une quantité, p. ex. SFU1605-500 2.',
    'Escriba un número de parte y una cantidad, p. ej. SFU1605-500 2.',
  ],
  'Saved for later': ['Enregistré pour plus tard', 'Guardado para después'],
  // Returns.
  'Order is required': ['La commande est obligatoire', 'El pedido es obligatorio'],
  'Order not found': ['Commande introuvable', 'No se encontró el pedido'],
  'Choose a reason for the return': ['Choisissez un motif de retour', 'Elija un motivo de devolución'],
  'Choose at least one line to return': [
    'Choisissez au moins une ligne à retourner',
    'Elija al menos una línea para devolver',
  ],
  'Return at least one': ['Retournez-en au moins un', 'Devuelva al menos uno'],
  'Comments are limited to 2,000 characters': [
    'Les commentaires sont limités à 2 000 caractères',
    'Los comentarios están limitados a 2,000 caracteres',
  ],
  // Forms (contact, quote, services).
  'A message is required': ['Un message est obligatoire', 'Se requiere un mensaje'],
  'Your message cannot contain only blankspaces': [
    'Votre message ne peut pas contenir seulement des espaces',
    'Su mensaje no puede contener solo espacios',
  ],
  'Messages are limited to 5,000 characters': [
    'Les messages sont limités à 5 000 caractères',
    'Los mensajes están limitados a 5,000 caracteres',
  ],
  'Choose a request type': ['Choisissez un type de demande', 'Elija un tipo de solicitud'],
  'Choose at least one request type': [
    'Choisissez au moins un type de demande',
    'Elija al menos un tipo de solicitud',
  ],
  'Choose a service': ['Choisissez un service', 'Elija un servicio'],
  'Describe the work': ['Décrivez le travail', 'Describa el trabajo'],
  'Attach drawings as PDF, DXF or STEP files (at most 5 files of 10 MB each).': [
    'Joignez les dessins en fichiers PDF, DXF ou STEP (au plus 5 fichiers de 10 Mo chacun).',
    'Adjunte los planos como archivos PDF, DXF o STEP (como máximo 5 archivos de 10 MB cada uno).',
  ],
  // Search.
  'Search text is required': ['Le texte de recherche est obligatoire', 'El texto de búsqueda es obligatorio'],
  'Search terms are limited to {n} characters': [
    'Les termes de recherche sont limités à {n} caractères',
    'Los términos de búsqueda están limitados a {n} caracteres',
  ],
  'Sort must be one of {n}': ['Le tri doit être l’un de {n}', 'El orden debe ser uno de {n}'],
  'At most 20 brands': ['Au plus 20 marques', 'Como máximo 20 marcas'],
  'Unknown facet': ['Filtre inconnu', 'Filtro desconocido'],
  'Unknown search': ['Recherche inconnue', 'Búsqueda desconocida'],
  // The console.
  'ERP Order ID is a required field': [
    'Numéro de commande ERP est un champ obligatoire',
    'Número de pedido ERP es un campo obligatorio',
  ],
  'Freight is a required field': ['Transport est un champ obligatoire', 'Flete es un campo obligatorio'],
  'Status is a required field': ['Statut est un champ obligatoire', 'Estado es un campo obligatorio'],
  'From must be a date': ['« Du » doit être une date', '«Desde» debe ser una fecha'],
  'To must be a date': ['« Au » doit être une date', '«Hasta» debe ser una fecha'],
  'The end of the range must be after its start': [
    'La fin de la période doit suivre son début',
    'El final del periodo debe ser posterior a su inicio',
  ],
  'Pick at most {n} days': ['Choisissez au plus {n} jours', 'Elija como máximo {n} días'],
  'Pick range': ['Choisir la période', 'Elegir periodo'],
  'This week': ['Cette semaine', 'Esta semana'],
  'Last week': ['La semaine dernière', 'La semana pasada'],
  'This month': ['Ce mois-ci', 'Este mes'],
  'Last month': ['Le mois dernier', 'El mes pasado'],
  // The server's refusals a shopper meets.
  'Your cart is empty.': ['Votre panier est vide.', 'Su carrito está vacío.'],
  'Enter your card details again.': [
    'Entrez de nouveau les détails de votre carte.',
    'Escriba de nuevo los datos de su tarjeta.',
  ],
  'The current password is not correct.': [
    'Le mot de passe actuel n’est pas correct.',
    'La contraseña actual no es correcta.',
  ],
  'An account with this e-mail already exists.': [
    'Un compte existe déjà avec ce courriel.',
    'Ya existe una cuenta con este correo electrónico.',
  ],
  'This registration link is not valid or has expired.': [
    'Ce lien d’inscription n’est pas valide ou a expiré.',
    'Este enlace de registro no es válido o ha vencido.',
  ],
  // Company buying (domain/company.ts).
  'Enter an amount, or leave it empty for no limit.': [
    'Entrez un montant, ou laissez vide pour aucune limite.',
    'Ingrese un monto, o déjelo vacío para no tener límite.',
  ],
  'Choose a role.': ['Choisissez un rôle.', 'Elija un rol.'],
  'This invitation is not valid or has expired.': [
    'Cette invitation n’est pas valide ou a expiré.',
    'Esta invitación no es válida o ha vencido.',
  ],
  'This form is too long to send.': [
    'Ce formulaire est trop long pour être envoyé.',
    'Este formulario es demasiado largo para enviarlo.',
  ],
  'The applicant’s account is no longer a valid customer account: decline the application with a note.': [
    'Le compte du demandeur n’est plus un compte client valide : refusez la demande avec une note.',
    'La cuenta del solicitante ya no es una cuenta de cliente válida: rechace la solicitud con una nota.',
  ],
  'Only customer accounts buy for a company.': [
    'Seuls les comptes clients achètent pour une entreprise.',
    'Solo las cuentas de cliente compran para una empresa.',
  ],
  'You already belong to a company.': [
    'Vous faites déjà partie d’une entreprise.',
    'Ya pertenece a una empresa.',
  ],
  'Name this location.': ['Nommez cet emplacement.', 'Nombre esta ubicación.'],
  'Location names are limited to 80 characters.': [
    'Les noms d’emplacement sont limités à 80 caractères.',
    'Los nombres de ubicación tienen un máximo de 80 caracteres.',
  ],
  'Your company already has a location with this name.': [
    'Votre entreprise a déjà un emplacement de ce nom.',
    'Su empresa ya tiene una ubicación con este nombre.',
  ],
  'A company keeps at most {n} locations.': [
    'Une entreprise garde au plus {n} emplacements.',
    'Una empresa guarda como máximo {n} ubicaciones.',
  ],
  'Your company ships only to its locations: choose one of them.': [
    'Votre entreprise ne fait livrer qu’à ses emplacements : choisissez-en un.',
    'Su empresa solo envía a sus ubicaciones: elija una de ellas.',
  ],
  'A company that ships only to its locations keeps at least one.': [
    'Une entreprise qui ne fait livrer qu’à ses emplacements en garde au moins un.',
    'Una empresa que solo envía a sus ubicaciones conserva al menos una.',
  ],
  'Only members of a company share lists.': [
    'Seuls les membres d’une entreprise partagent des listes.',
    'Solo los miembros de una empresa comparten listas.',
  ],
  'Choose who sees the list.': ['Choisissez qui voit la liste.', 'Elija quién ve la lista.'],
  "Only the list's owner can rename, share or delete it.": [
    'Seul le propriétaire de la liste peut la renommer, la partager ou la supprimer.',
    'Solo el dueño de la lista puede cambiarle el nombre, compartirla o eliminarla.',
  ],
  'This list is shared for reading: only its owner changes its items.': [
    'Cette liste est partagée en lecture : seul son propriétaire en modifie les articles.',
    'Esta lista se comparte para lectura: solo su dueño cambia sus artículos.',
  ],
  'Company names are limited to 200 characters.': [
    'Les noms d’entreprise sont limités à 200 caractères.',
    'Los nombres de empresa tienen un máximo de 200 caracteres.',
  ],
  'ERP account numbers are limited to 64 characters.': [
    'Les numéros de compte ERP sont limités à 64 caractères.',
    'Los números de cuenta ERP tienen un máximo de 64 caracteres.',
  ],
  'Enter the ERP account number you checked.': [
    'Entrez le numéro de compte ERP que vous avez vérifié.',
    'Ingrese el número de cuenta ERP que verificó.',
  ],
  'Certificate numbers are limited to 64 characters.': [
    'Les numéros de certificat sont limités à 64 caractères.',
    'Los números de certificado tienen un máximo de 64 caracteres.',
  ],
  'Enter the tax-exemption certificate number.': [
    'Entrez le numéro du certificat d’exonération de taxe.',
    'Ingrese el número del certificado de exención de impuestos.',
  ],
  'Enter the last day as YYYY-MM-DD.': [
    'Entrez le dernier jour au format AAAA-MM-JJ.',
    'Ingrese el último día con el formato AAAA-MM-DD.',
  ],
  'Net terms are 1 to {n} days, or empty for none.': [
    'Les conditions nettes vont de 1 à {n} jours, ou vide pour aucune.',
    'Los términos netos son de 1 a {n} días, o vacío para ninguno.',
  ],
  'A credit limit needs net terms.': [
    'Une limite de crédit demande des conditions nettes.',
    'Un límite de crédito requiere términos netos.',
  ],
  'Enter the amount paid.': ['Entrez le montant payé.', 'Ingrese el monto pagado.'],
  'Enter the amount in dollars and cents.': [
    'Entrez le montant en dollars et en cents.',
    'Ingrese el monto en dólares y centavos.',
  ],
  'Enter the day it was paid.': ['Entrez le jour du paiement.', 'Ingrese el día del pago.'],
  'Enter the day as YYYY-MM-DD.': [
    'Entrez le jour au format AAAA-MM-JJ.',
    'Ingrese el día con el formato AAAA-MM-DD.',
  ],
  'The day it was paid cannot be after today.': [
    'Le jour du paiement ne peut pas être après aujourd’hui.',
    'El día del pago no puede ser posterior a hoy.',
  ],
  'Enter the payment’s reference (cheque or transfer number).': [
    'Entrez la référence du paiement (numéro de chèque ou de virement).',
    'Ingrese la referencia del pago (número de cheque o de transferencia).',
  ],
  'References are limited to 100 characters.': [
    'Les références sont limitées à 100 caractères.',
    'Las referencias tienen un máximo de 100 caracteres.',
  ],
  // Company account applications (decision 047).
  'This certificate has expired.': ['Ce certificat est expiré.', 'Este certificado está vencido.'],
  'Attach the certificate as one PDF, PNG or JPEG file of at most 10 MB.': [
    'Joignez le certificat en un seul fichier PDF, PNG ou JPEG d’au plus 10 Mo.',
    'Adjunte el certificado como un solo archivo PDF, PNG o JPEG de 10 MB como máximo.',
  ],
  'Tell the applicant why the application is declined.': [
    'Dites au demandeur pourquoi la demande est refusée.',
    'Indique al solicitante por qué se rechaza la solicitud.',
  ],
  'Your application is being reviewed: withdraw it to send another.': [
    'Votre demande est à l’étude : retirez-la pour en envoyer une autre.',
    'Su solicitud está en revisión: retírela para enviar otra.',
  ],
  'This application was decided already: reload it.': [
    'Cette demande a déjà été traitée : rechargez-la.',
    'Esta solicitud ya fue resuelta: vuelva a cargarla.',
  ],
  'The applicant has joined a company since: decline the application with a note.': [
    'Le demandeur a depuis joint une entreprise : refusez la demande avec une note.',
    'El solicitante se unió a una empresa desde entonces: rechace la solicitud con una nota.',
  ],
  'Choose one of the price lists.': [
    'Choisissez une des listes de prix.',
    'Elija una de las listas de precios.',
  ],
  'Another company has this ERP account number.': [
    'Une autre entreprise a ce numéro de compte ERP.',
    'Otra empresa tiene este número de cuenta ERP.',
  ],
  "The invoice's balance is {amount}: enter at most that.": [
    'Le solde de la facture est de {amount} : entrez au plus ce montant.',
    'El saldo de la factura es de {amount}: ingrese como máximo esa cantidad.',
  ],
  'This invoice is paid.': ['Cette facture est payée.', 'Esta factura está pagada.'],
  'Payments are recorded against this order: it can no longer be cancelled.': [
    'Des paiements sont enregistrés pour cette commande : elle ne peut plus être annulée.',
    'Hay pagos registrados para este pedido: ya no se puede cancelar.',
  ],
  'This purchase order would take your company over its credit limit. Pay by card, or contact us.': [
    'Ce bon de commande ferait dépasser à votre entreprise sa limite de crédit. Payez par carte ou contactez-nous.',
    'Esta orden de compra llevaría a su empresa por encima de su límite de crédito. Pague con tarjeta o contáctenos.',
  ],
  'Only an admin of your company can do this.': [
    'Seul un administrateur de votre entreprise peut faire ceci.',
    'Solo un administrador de su empresa puede hacer esto.',
  ],
  'Your company must keep at least one active admin.': [
    'Votre entreprise doit garder au moins un administrateur actif.',
    'Su empresa debe conservar al menos un administrador activo.',
  ],
  '{name} is the last active admin of {company}. Name another admin first.': [
    '{name} est le dernier administrateur actif de {company}. Nommez d’abord un autre administrateur.',
    '{name} es el último administrador activo de {company}. Nombre primero a otro administrador.',
  ],
  'Member was not found': ['Membre introuvable', 'No se encontró el miembro'],
  'You do not belong to a company.': [
    'Vous ne faites partie d’aucune entreprise.',
    'No pertenece a ninguna empresa.',
  ],
  'Choose a buyer of your company.': [
    'Choisissez un acheteur de votre entreprise.',
    'Elija un comprador de su empresa.',
  ],
  'Only admins, approvers and viewers of your company see its orders.': [
    'Seuls les administrateurs, approbateurs et lecteurs de votre entreprise voient ses commandes.',
    'Solo los administradores, aprobadores y lectores de su empresa ven sus pedidos.',
  ],
  'Keep the note under 1,000 characters.': [
    'Gardez la note sous 1 000 caractères.',
    'Mantenga la nota por debajo de 1,000 caracteres.',
  ],
  'Tell the buyer why the order is rejected.': [
    'Dites à l’acheteur pourquoi la commande est refusée.',
    'Indique al comprador por qué se rechaza el pedido.',
  ],
  'Viewers cannot place orders for your company.': [
    'Les lecteurs ne peuvent pas passer de commandes pour votre entreprise.',
    'Los lectores no pueden hacer pedidos para su empresa.',
  ],
  'This order was placed without a company: a purchase order cannot pay it. Please pay by card.': [
    'Cette commande a été passée sans entreprise : un bon de commande ne peut pas la payer. Veuillez payer par carte.',
    'Este pedido se hizo sin empresa: una orden de compra no puede pagarlo. Pague con tarjeta.',
  ],
  'This order was placed for a company you no longer buy for: it can only be paid by that company.': [
    'Cette commande a été passée pour une entreprise pour laquelle vous n’achetez plus : seule cette entreprise peut la payer.',
    'Este pedido se hizo para una empresa para la que ya no compra: solo esa empresa puede pagarlo.',
  ],
  'You are your company’s last active admin: name another admin on the company page before closing your account.':
    [
      'Vous êtes le dernier administrateur actif de votre entreprise : nommez un autre administrateur sur la page de l’entreprise avant de fermer votre compte.',
      'Usted es el último administrador activo de su empresa: nombre a otro administrador en la página de la empresa antes de cerrar su cuenta.',
    ],
  'Only an approver or an admin of your company can do this.': [
    'Seul un approbateur ou un administrateur de votre entreprise peut faire ceci.',
    'Solo un aprobador o un administrador de su empresa puede hacer esto.',
  ],
  'Nobody approves their own order.': [
    'Personne n’approuve sa propre commande.',
    'Nadie aprueba su propio pedido.',
  ],
  'This order was already approved, rejected or cancelled.': [
    'Cette commande a déjà été approuvée, refusée ou annulée.',
    'Este pedido ya fue aprobado, rechazado o cancelado.',
  ],
  'Another admin of your company sets your own spending limits.': [
    'Un autre administrateur de votre entreprise fixe vos propres limites de dépenses.',
    'Otro administrador de su empresa fija sus propios límites de gasto.',
  ],
  'This order is over your spending limit and nobody else in your company can approve it. Ask your company admin to change your limits.':
    [
      'Cette commande dépasse votre limite de dépenses et personne d’autre dans votre entreprise ne peut l’approuver. Demandez à l’administrateur de votre entreprise de modifier vos limites.',
      'Este pedido supera su límite de gasto y nadie más en su empresa puede aprobarlo. Pida al administrador de su empresa que cambie sus límites.',
    ],
  'This person already belongs to your company.': [
    'Cette personne fait déjà partie de votre entreprise.',
    'Esta persona ya pertenece a su empresa.',
  ],
  'This reset link is not valid or has expired.': [
    'Ce lien de réinitialisation n’est pas valide ou a expiré.',
    'Este enlace para restablecer no es válido o ha vencido.',
  ],
  // Back-in-stock requests (decision 053).
  'Signed in, you can ask for notices only at your own e-mail address.': [
    'Connecté, vous pouvez demander des avis seulement à votre propre adresse courriel.',
    'Con la sesión iniciada, solo puede pedir avisos a su propia dirección de correo.',
  ],
  'This e-mail address already waits for {n} items. We will write as each comes back in stock.': [
    'Cette adresse courriel attend déjà {n} articles. Nous écrirons à mesure que chacun revient en stock.',
    'Esta dirección de correo ya espera {n} artículos. Le escribiremos conforme cada uno vuelva a estar en existencia.',
  ],
  'Too many e-mails asked for. Please try again later.': [
    'Trop de courriels demandés. Veuillez réessayer plus tard.',
    'Se pidieron demasiados correos. Inténtelo más tarde.',
  ],
  'Too many requests sent. Please try again later.': [
    'Trop de demandes envoyées. Veuillez réessayer plus tard.',
    'Se enviaron demasiadas solicitudes. Inténtelo más tarde.',
  ],
  'The store is briefly unavailable. Try again in a moment.': [
    'La boutique est brièvement indisponible. Réessayez dans un instant.',
    'La tienda no está disponible por un momento. Inténtelo de nuevo en un instante.',
  ],
  'Please sign in.': ['Veuillez vous connecter.', 'Inicie sesión.'],
  'The e-mail or password is not correct.': [
    'Le courriel ou le mot de passe n’est pas correct.',
    'El correo electrónico o la contraseña no son correctos.',
  ],
  'Your session has ended. Please sign in again.': [
    'Votre session a pris fin. Veuillez vous reconnecter.',
    'Su sesión terminó. Vuelva a iniciar sesión.',
  ],
  'You do not have access to this.': ['Vous n’avez pas accès à ceci.', 'No tiene acceso a esto.'],
  'You can keep at most {n} lists.': [
    'Vous pouvez garder au plus {n} listes.',
    'Puede guardar como máximo {n} listas.',
  ],
  'A list holds at most {n} items.': [
    'Une liste contient au plus {n} articles.',
    'Una lista contiene como máximo {n} artículos.',
  ],
  'A cart holds at most {n} lines. Save some for later or order them apart.': [
    'Un panier contient au plus {n} lignes. Enregistrez-en pour plus tard ou commandez-les à part.',
    'Un carrito contiene como máximo {n} líneas. Guarde algunas para después o pídalas por separado.',
  ],
  'You can order at most {max} of {part} in one order.': [
    'Vous pouvez commander au plus {max} de la pièce {part} par commande.',
    'Puede pedir como máximo {max} de la pieza {part} en un pedido.',
  ],
  'Enter a whole number of at least {n}, or leave it empty for no maximum.': [
    'Entrez un nombre entier d’au moins {n}, ou laissez le champ vide pour n’avoir aucun maximum.',
    'Ingrese un número entero de al menos {n}, o déjelo vacío para no tener máximo.',
  ],
  'Items priced on request cannot be ordered online: {items}. Remove them or ask for a quote.': [
    'Les articles à prix sur demande ne peuvent pas être commandés en ligne : {items}. Retirez-les ou demandez une soumission.',
    'Los artículos con precio a solicitud no se pueden pedir en línea: {items}. Quítelos o pida una cotización.',
  ],
  '{items} cannot ship to {place}. Remove it or choose another address.': [
    '{items} ne peut pas être expédié vers {place}. Retirez-le ou choisissez une autre adresse.',
    '{items} no se puede enviar a {place}. Quítelo o elija otra dirección.',
  ],
  '{items} cannot ship to {place}. Remove them or choose another address.': [
    '{items} ne peuvent pas être expédiés vers {place}. Retirez-les ou choisissez une autre adresse.',
    '{items} no se pueden enviar a {place}. Quítelos o elija otra dirección.',
  ],
  // Order statuses (spec section 4), as the shop shows them.
  Open: ['Ouverte', 'Abierto'],
  Processing: ['En traitement', 'En proceso'],
  'Partially Shipped': ['Expédiée en partie', 'Enviado en parte'],
  Shipped: ['Expédiée', 'Enviado'],
  Delivered: ['Livrée', 'Entregado'],
  'Return Requested': ['Retour demandé', 'Devolución solicitada'],
  'Return Approved': ['Retour approuvé', 'Devolución aprobada'],
  'Return Rejected': ['Retour refusé', 'Devolución rechazada'],
  'Return Shipped': ['Retour expédié', 'Devolución enviada'],
  'Return Processing': ['Retour en traitement', 'Devolución en proceso'],
  'Return Completed': ['Retour terminé', 'Devolución completada'],
  'Dispute Opened': ['Litige ouvert', 'Disputa abierta'],
  'Dispute Processing': ['Litige en traitement', 'Disputa en proceso'],
  'Dispute Settled': ['Litige réglé', 'Disputa resuelta'],
  'Payment Failed': ['Paiement refusé', 'Pago rechazado'],
  'Payment Requires Action': ['Paiement à confirmer', 'Pago por confirmar'],
  'Order Cancelled': ['Commande annulée', 'Pedido cancelado'],
  'Order Deleted': ['Commande supprimée', 'Pedido eliminado'],
  'Payment Received': ['Paiement reçu', 'Pago recibido'],
  'Awaiting Approval': ['En attente d’approbation', 'En espera de aprobación'],
  // Bad input.
  'Use a single line here: no line breaks, tabs or hidden control characters.': [
    'Une seule ligne ici : sans saut de ligne, tabulation ni caractère de contrôle caché.',
    'Use una sola línea aquí: sin saltos de línea, tabulaciones ni caracteres de control ocultos.',
  ],
  'Remove the hidden control characters from this text.': [
    'Retirez les caractères de contrôle cachés de ce texte.',
    'Quite los caracteres de control ocultos de este texto.',
  ],
  'Remove the invalid character (NUL) from this field.': [
    'Retirez le caractère invalide (NUL) de ce champ.',
    'Quite el carácter no válido (NUL) de este campo.',
  ],
  // A site's legal identity (domain/site-legal.schema.ts).
  'Enter the legal name of the company selling on this site.': [
    'Inscrivez la raison sociale de l’entreprise qui vend sur ce site.',
    'Escriba la razón social de la empresa que vende en este sitio.',
  ],
  'Enter the postal address of the company, on one line.': [
    'Inscrivez l’adresse postale de l’entreprise, sur une seule ligne.',
    'Escriba la dirección postal de la empresa, en una sola línea.',
  ],
  'Enter who holds the copyright of this site.': [
    'Inscrivez le titulaire du droit d’auteur de ce site.',
    'Escriba quién es el titular de los derechos de autor de este sitio.',
  ],
  'Use at most {n} characters.': ['Utilisez au plus {n} caractères.', 'Use como máximo {n} caracteres.'],
  'This address is not valid: it has a malformed %-escape.': [
    'Cette adresse n’est pas valide : elle contient une séquence %-échappée mal formée.',
    'Esta dirección no es válida: tiene una secuencia de escape % mal formada.',
  ],
  // Why the store turned a webhook endpoint off (domain/webhooks.ts WEBHOOK_DISABLED_REASONS).
  'The receiver answered 410 Gone': ['Le destinataire a répondu 410 Gone', 'El receptor respondió 410 Gone'],
  'Every attempt failed for {n} days': [
    'Toutes les tentatives ont échoué pendant {n} jours',
    'Todos los intentos fallaron durante {n} días',
  ],
  // Imports with a dry run (domain/imports.ts, decision 069).
  'The file has no rows to import.': [
    'Le fichier ne contient aucune ligne à importer.',
    'El archivo no tiene filas para importar.',
  ],
  'A file can hold at most 50,000 rows: split it.': [
    'Un fichier peut contenir au plus 50 000 lignes : divisez-le.',
    'Un archivo puede tener como máximo 50.000 filas: divídalo.',
  ],
  'A file can be at most 10 MB: split it.': [
    'Un fichier peut faire au plus 10 Mo : divisez-le.',
    'Un archivo puede pesar como máximo 10 MB: divídalo.',
  ],
  'Send one CSV file in the "file" field, or a JSON array of rows.': [
    'Envoyez un fichier CSV dans le champ « file », ou un tableau JSON de lignes.',
    'Envíe un archivo CSV en el campo "file", o un arreglo JSON de filas.',
  ],
  'Send the rows as a JSON array of objects.': [
    'Envoyez les lignes sous forme de tableau JSON d’objets.',
    'Envíe las filas como un arreglo JSON de objetos.',
  ],
  'Each row must be an object.': ['Chaque ligne doit être un objet.', 'Cada fila debe ser un objeto.'],
  'This line is not valid CSV (check its quotes).': [
    'Cette ligne n’est pas du CSV valide (vérifiez ses guillemets).',
    'Esta línea no es CSV válido (revise sus comillas).',
  ],
  'The file contains a NUL byte: save it as text (CSV, UTF-8) and send it again.': [
    'Le fichier contient un octet NUL : enregistrez-le en texte (CSV, UTF-8) et envoyez-le de nouveau.',
    'El archivo contiene un byte NUL: guárdelo como texto (CSV, UTF-8) y envíelo de nuevo.',
  ],
  'The column "{column}" is missing.': [
    'La colonne « {column} » est absente.',
    'Falta la columna "{column}".',
  ],
  'The column "{column}" is not one this import reads.': [
    'La colonne « {column} » n’est pas lue par cette importation.',
    'Esta importación no lee la columna "{column}".',
  ],
  'Enter the part number.': ['Entrez le numéro de pièce.', 'Ingrese el número de parte.'],
  'This price list does not exist.': [
    'Cette liste de prix n’existe pas.',
    'Esta lista de precios no existe.',
  ],
  'This row repeats an earlier one for the same part.': [
    'Cette ligne répète une ligne précédente pour la même pièce.',
    'Esta fila repite una anterior para la misma parte.',
  ],
  'The file has errors: nothing was imported. Fix the lines listed and send it again.': [
    'Le fichier contient des erreurs : rien n’a été importé. Corrigez les lignes indiquées et envoyez-le de nouveau.',
    'El archivo tiene errores: no se importó nada. Corrija las líneas indicadas y envíelo de nuevo.',
  ],
  // Webhook endpoints (domain/webhooks.ts, decision 068).
  'Enter the address that receives the webhooks': [
    'Entrez l’adresse qui reçoit les webhooks',
    'Ingrese la dirección que recibe los webhooks',
  ],
  'Enter a full address, like https://erp.example.com/hooks/axisline': [
    'Entrez une adresse complète, comme https://erp.example.com/hooks/axisline',
    'Ingrese una dirección completa, como https://erp.example.com/hooks/axisline',
  ],
  'Use an https:// address (http:// only to this machine, outside production)': [
    'Utilisez une adresse https:// (http:// seulement vers cette machine, hors production)',
    'Use una dirección https:// (http:// solo hacia esta máquina, fuera de producción)',
  ],
  'Addresses are limited to 2,000 characters': [
    'Les adresses sont limitées à 2 000 caractères',
    'Las direcciones se limitan a 2.000 caracteres',
  ],
  'Leave the user name and password out of the address': [
    'Retirez le nom d’utilisateur et le mot de passe de l’adresse',
    'Quite el nombre de usuario y la contraseña de la dirección',
  ],
  'Choose at least one event': ['Choisissez au moins un événement', 'Elija al menos un evento'],
  'Unknown event type': ['Type d’événement inconnu', 'Tipo de evento desconocido'],
  'Descriptions are limited to 200 characters': [
    'Les descriptions sont limitées à 200 caractères',
    'Las descripciones se limitan a 200 caracteres',
  ],
  'Turn the endpoint on to send it a test': [
    'Activez le point de terminaison pour lui envoyer un test',
    'Active el endpoint para enviarle una prueba',
  ],
  'Webhook endpoint was not found': [
    'Point de terminaison webhook introuvable',
    'No se encontró el endpoint de webhook',
  ],
  'Webhook delivery was not found': ['Livraison webhook introuvable', 'No se encontró la entrega de webhook'],
  // A products import (domain/imports.ts, domain/cart-line.schema.ts, decision 069).
  "Enter the product's name: one line of at most 200 characters.": [
    'Entrez le nom du produit : une seule ligne d’au plus 200 caractères.',
    'Ingrese el nombre del producto: una sola línea de como máximo 200 caracteres.',
  ],
  'A description can be at most 10,000 characters.': [
    'Une description peut compter au plus 10 000 caractères.',
    'Una descripción puede tener como máximo 10.000 caracteres.',
  ],
  "This brand does not exist: use the handle of one of the catalogue's brands.": [
    'Cette marque n’existe pas : utilisez l’identifiant d’une des marques du catalogue.',
    'Esta marca no existe: use el identificador de una de las marcas del catálogo.',
  ],
  "This category does not exist: use the full handle of one of the catalogue's categories.": [
    'Cette catégorie n’existe pas : utilisez l’identifiant complet d’une des catégories du catalogue.',
    'Esta categoría no existe: use el identificador completo de una de las categorías del catálogo.',
  ],
  'A manufacturer part number is one line of at most 64 characters.': [
    'Un numéro de pièce du fabricant tient sur une ligne d’au plus 64 caractères.',
    'Un número de parte del fabricante es una línea de como máximo 64 caracteres.',
  ],
  'Enter the unit of measure: 1 to 8 capital letters (EA, FT, PK).': [
    'Entrez l’unité de mesure : 1 à 8 lettres majuscules (EA, FT, PK).',
    'Ingrese la unidad de medida: de 1 a 8 letras mayúsculas (EA, FT, PK).',
  ],
  'Enter a weight in kg from 0 to 100,000, or leave it empty.': [
    'Entrez un poids en kg de 0 à 100 000, ou laissez le champ vide.',
    'Ingrese un peso en kg de 0 a 100.000, o déjelo vacío.',
  ],
  "Enter a lead time of 0 to 365 days, or leave it empty for the brand's.": [
    'Entrez un délai de 0 à 365 jours, ou laissez le champ vide pour celui de la marque.',
    'Ingrese un plazo de 0 a 365 días, o déjelo vacío para usar el de la marca.',
  ],
  "This minimum is above the part's maximum per order ({maximum}): raise the maximum under Stock first.": [
    'Ce minimum dépasse le maximum par commande de la pièce ({maximum}) : augmentez d’abord le maximum dans Stock.',
    'Este mínimo supera el máximo por pedido de la parte ({maximum}): primero aumente el máximo en Existencias.',
  ],
  'Enter the minimum purchase quantity: a whole number from 1 to 100,000.': [
    'Entrez la quantité minimale d’achat : un nombre entier de 1 à 100 000.',
    'Ingrese la cantidad mínima de compra: un número entero de 1 a 100.000.',
  ],
  // The same, should the cart's most change (its number as the server writes it).
  'Enter the minimum purchase quantity: a whole number from 1 to {n}.': [
    'Entrez la quantité minimale d’achat : un nombre entier de 1 à {n}.',
    'Ingrese la cantidad mínima de compra: un número entero de 1 a {n}.',
  ],
  // Promotions and codes (issue 58, decision 079): the refusals of domain/promotions.ts and the cart's code field.
  "We don't recognize the code {code}.": [
    'Le code {code} n’est pas reconnu.',
    'No reconocemos el código {code}.',
  ],
  'The code {code} has expired.': ['Le code {code} est expiré.', 'El código {code} ya venció.'],
  'The code {code} can be used from {date}.': [
    'Le code {code} pourra être utilisé à partir du {date}.',
    'El código {code} se podrá usar a partir del {date}.',
  ],
  'The code {code} does not apply to the items in your cart.': [
    'Le code {code} ne s’applique pas aux articles de votre panier.',
    'El código {code} no se aplica a los artículos de su carrito.',
  ],
  'Add {amount} more to your cart to use the code {code}.': [
    'Ajoutez {amount} à votre panier pour utiliser le code {code}.',
    'Agregue {amount} más a su carrito para usar el código {code}.',
  ],
  'The code {code} has been used up.': [
    'Le code {code} a atteint sa limite d’utilisation.',
    'El código {code} ya alcanzó su límite de usos.',
  ],
  'The code {code} is not available for your account.': [
    'Le code {code} n’est pas offert pour votre compte.',
    'El código {code} no está disponible para su cuenta.',
  ],
  'The code {code} is not available for this e-mail address.': [
    'Le code {code} n’est pas offert pour cette adresse courriel.',
    'El código {code} no está disponible para este correo.',
  ],
  "The code {code} can't be combined with {promotion}.": [
    'Le code {code} ne peut pas être combiné avec {promotion}.',
    'El código {code} no se puede combinar con {promotion}.',
  ],
  "Codes don't apply to a quote: its prices are already agreed.": [
    'Les codes ne s’appliquent pas à une soumission : ses prix sont déjà convenus.',
    'Los códigos no se aplican a una cotización: sus precios ya están acordados.',
  ],
  'Too many codes tried. Try again in {n} minutes.': [
    'Trop de codes essayés. Réessayez dans {n} minutes.',
    'Demasiados códigos intentados. Vuelva a intentarlo en {n} minutos.',
  ],
  'Enter a code.': ['Entrez un code.', 'Ingrese un código.'],
  'A code has at most 32 characters.': [
    'Un code compte au plus 32 caractères.',
    'Un código tiene como máximo 32 caracteres.',
  ],
  "Codes don't apply in a punchout session: your procurement system's prices stand.": [
    'Les codes ne s’appliquent pas dans une session punchout : les prix de votre système d’approvisionnement s’appliquent.',
    'Los códigos no se aplican en una sesión punchout: rigen los precios de su sistema de compras.',
  ],
  'A cart takes at most {n} codes: remove one first.': [
    'Un panier accepte au plus {n} codes : retirez-en un d’abord.',
    'Un carrito admite como máximo {n} códigos: quite uno primero.',
  ],
  '{promotion} has just changed; your cart shows the new total.': [
    '{promotion} vient de changer; votre panier affiche le nouveau total.',
    '{promotion} acaba de cambiar; su carrito muestra el nuevo total.',
  ],
  'Your total changed from {old} to {new}: check your order and place it again.': [
    'Votre total est passé de {old} à {new} : vérifiez votre commande et passez-la de nouveau.',
    'Su total cambió de {old} a {new}: revise su pedido y vuelva a realizarlo.',
  ],
  // The console's promotion form (domain/promotions.schema.ts).
  'Enter a percentage from 0.01 to 100.': [
    'Entrez un pourcentage de 0,01 à 100.',
    'Ingrese un porcentaje de 0.01 a 100.',
  ],
  'Enter an amount above 0.': ['Entrez un montant supérieur à 0.', 'Ingrese un monto mayor que 0.'],
  'Enter a whole number from 1.': [
    'Entrez un nombre entier à partir de 1.',
    'Ingrese un número entero desde 1.',
  ],
  'Name at most {n}.': ['Nommez-en au plus {n}.', 'Indique como máximo {n}.'],
  'Enter a number of codes from 1 to 10,000.': [
    'Entrez un nombre de codes de 1 à 10 000.',
    'Ingrese un número de códigos de 1 a 10.000.',
  ],
  'A prefix has at most 12 letters, digits or hyphens.': [
    'Un préfixe compte au plus 12 lettres, chiffres ou traits d’union.',
    'Un prefijo tiene como máximo 12 letras, dígitos o guiones.',
  ],
  'Name the promotion.': ['Nommez la promotion.', 'Ponga nombre a la promoción.'],
  'A name has at most 120 characters.': [
    'Un nom compte au plus 120 caractères.',
    'Un nombre tiene como máximo 120 caracteres.',
  ],
  'A note has at most 2,000 characters.': [
    'Une note compte au plus 2 000 caractères.',
    'Una nota tiene como máximo 2.000 caracteres.',
  ],
  'A code has 4 to 32 letters, digits or hyphens.': [
    'Un code compte de 4 à 32 lettres, chiffres ou traits d’union.',
    'Un código tiene de 4 a 32 letras, dígitos o guiones.',
  ],
  'Enter a start date.': ['Entrez une date de début.', 'Ingrese una fecha de inicio.'],
  'Enter an end date.': ['Entrez une date de fin.', 'Ingrese una fecha de fin.'],
  'The end must be after the start.': [
    'La fin doit suivre le début.',
    'El fin debe ser posterior al inicio.',
  ],
  'Choose a site of the store.': ['Choisissez un site de la boutique.', 'Elija un sitio de la tienda.'],
  'Choose at least one site.': ['Choisissez au moins un site.', 'Elija al menos un sitio.'],
  'A promotion with amounts sells in one currency: choose sites of one country.': [
    'Une promotion avec des montants est dans une seule devise : choisissez des sites d’un seul pays.',
    'Una promoción con montos usa una sola moneda: elija sitios de un solo país.',
  ],
  'Name the companies it is for.': [
    'Nommez les entreprises auxquelles elle s’adresse.',
    'Indique las empresas a las que se dirige.',
  ],
  'Choose what the promotion gives.': [
    'Choisissez ce que la promotion accorde.',
    'Elija lo que otorga la promoción.',
  ],
  'This promotion was changed by someone else while you were editing. Reload it to see the changes; yours were not saved.':
    [
      'Cette promotion a été modifiée par quelqu’un d’autre pendant que vous la modifiiez. Rechargez-la pour voir les changements; les vôtres n’ont pas été enregistrés.',
      'Otra persona cambió esta promoción mientras usted la editaba. Vuelva a cargarla para ver los cambios; los suyos no se guardaron.',
    ],
  'Another promotion already has the code {code}.': [
    'Une autre promotion a déjà le code {code}.',
    'Otra promoción ya tiene el código {code}.',
  ],
};

type Translated = Exclude<Locale, 'en-US'>;
const COLUMN: Readonly<Record<Translated, 0 | 1>> = { 'fr-CA': 0, 'es-MX': 1 };

/** The English patterns with placeholders, as anchored expressions (the longest literal part first). */
const PATTERNS = Object.keys(MESSAGES)
  .filter((english) => english.includes('{'))
  .map((english) => ({
    english,
    names: [...english.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!),
    regex: new RegExp(
      `^${english
        .split(/\{\w+\}/)
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('(.+?)')}$`,
    ),
  }));

/** The English messages and patterns that have translations (for the test that every message has one). */
export const TRANSLATED_MESSAGES: readonly string[] = Object.keys(MESSAGES);

/**
 * A message of the store in the viewer's language: its translation, a pattern's with its parts put back (a field's
 * name translated, a number kept), or the message itself (en-US, or text the store does not know).
 */
export function translateMessage(message: string, locale: Locale): string {
  if (locale === 'en-US') return message;
  const column = COLUMN[locale];
  const exact = MESSAGES[message];
  if (exact) return exact[column];
  for (const pattern of PATTERNS) {
    const match = pattern.regex.exec(message);
    if (!match) continue;
    return pattern.names.reduce(
      (text, name, i) => text.replace(`{${name}}`, translateMessage(match[i + 1]!, locale)),
      MESSAGES[pattern.english]![column],
    );
  }
  return message;
}
