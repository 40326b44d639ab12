import { Button, Link, Text } from "@react-email/components";
import { buttonStyle, EmailLayout, textStyle } from "./layout";

interface Base {
  siteName: string;
  siteUrl: string;
}

export function VerifyEmail({ siteName, siteUrl, url, username }: Base & { url: string; username: string }) {
  return (
    <EmailLayout preview={`Confirme ton adresse pour rejoindre ${siteName}`} title="Confirme ton adresse e-mail" siteName={siteName} siteUrl={siteUrl}>
      <Text style={textStyle}>Coucou {username} !</Text>
      <Text style={textStyle}>
        Plus qu'une étape pour devenir une vraie Crevarde : clique sur le bouton ci-dessous pour confirmer ton adresse.
        Le lien est valable 24 heures.
      </Text>
      <Button href={url} style={buttonStyle}>
        Confirmer mon adresse
      </Button>
      <Text style={{ ...textStyle, fontSize: 13 }}>
        Le bouton ne marche pas ? Copie ce lien dans ton navigateur : <Link href={url}>{url}</Link>
      </Text>
    </EmailLayout>
  );
}

export function ResetPasswordEmail({ siteName, siteUrl, url }: Base & { url: string }) {
  return (
    <EmailLayout preview="Réinitialise ton mot de passe" title="Mot de passe oublié ?" siteName={siteName} siteUrl={siteUrl}>
      <Text style={textStyle}>
        Tu as demandé à réinitialiser ton mot de passe. Clique sur le bouton ci-dessous pour en choisir un nouveau. Le lien
        est valable 1 heure et ne peut servir qu'une fois.
      </Text>
      <Button href={url} style={buttonStyle}>
        Choisir un nouveau mot de passe
      </Button>
      <Text style={{ ...textStyle, fontSize: 13 }}>
        Si tu n'as rien demandé, ignore cet e-mail : ton mot de passe actuel reste valable.
      </Text>
    </EmailLayout>
  );
}

export function SignInLinkEmail({ siteName, siteUrl, url, minutes }: Base & { url: string; minutes: number }) {
  return (
    <EmailLayout preview={`Ton lien de connexion à ${siteName}`} title="Ton lien de connexion" siteName={siteName} siteUrl={siteUrl}>
      <Text style={textStyle}>
        Tu as demandé un lien pour te connecter sans mot de passe. Clique sur le bouton ci-dessous : le lien est valable{" "}
        {minutes} minutes et ne peut servir qu'une fois.
      </Text>
      <Button href={url} style={buttonStyle}>
        Me connecter
      </Button>
      <Text style={{ ...textStyle, fontSize: 13 }}>
        Si tu n'as rien demandé, ignore cet e-mail : personne ne peut se connecter sans ce lien. Des tentatives de connexion
        ont peut-être visé ton compte ; un mot de passe long et unique le protège.
      </Text>
    </EmailLayout>
  );
}

export function PasswordChangedEmail({ siteName, siteUrl }: Base) {
  return (
    <EmailLayout preview="Ton mot de passe a été modifié" title="Ton mot de passe a été modifié" siteName={siteName} siteUrl={siteUrl}>
      <Text style={textStyle}>
        Le mot de passe de ton compte vient d'être modifié et toutes tes autres sessions ont été fermées.
      </Text>
      <Text style={textStyle}>
        Ce n'était pas toi ? Réinitialise ton mot de passe tout de suite depuis{" "}
        <Link href={`${siteUrl}/auth/reset-password`}>cette page</Link> et écris-nous.
      </Text>
    </EmailLayout>
  );
}

export function AccountDeletedEmail({ siteName, siteUrl }: Base) {
  return (
    <EmailLayout preview="Ton compte a été supprimé" title="Ton compte a été supprimé" siteName={siteName} siteUrl={siteUrl}>
      <Text style={textStyle}>
        Ton compte et tes données personnelles ont bien été supprimés. Merci d'avoir fait partie du club : ta place t'attend si
        tu reviens.
      </Text>
    </EmailLayout>
  );
}

export function NewsletterWelcomeEmail({ siteName, siteUrl, unsubscribeUrl }: Base & { unsubscribeUrl: string }) {
  return (
    <EmailLayout
      preview={`Bienvenue dans la newsletter ${siteName}`}
      title="Bienvenue dans le club des bons plans !"
      siteName={siteName}
      siteUrl={siteUrl}
      footer={
        <>
          Tu reçois cet e-mail suite à ton inscription à la newsletter de {siteName}.{" "}
          <Link href={unsubscribeUrl}>Se désinscrire en un clic</Link>.
        </>
      }
    >
      <Text style={textStyle}>
        Merci pour ton inscription ! Chaque semaine, tu recevras les meilleurs codes promo, les Coups de Crevarde du moment
        et nos conseils pour payer moins cher sans te priver.
      </Text>
      <Button href={`${siteUrl}/coup-de-crevarde`} style={buttonStyle}>
        Voir les deals du jour
      </Button>
    </EmailLayout>
  );
}

export function NewsletterConfirmEmail({ siteName, siteUrl, url, validDays }: Base & { url: string; validDays: number }) {
  return (
    <EmailLayout preview={`Confirme ton inscription à la newsletter ${siteName}`} title="Confirme ton inscription à la newsletter" siteName={siteName} siteUrl={siteUrl}>
      <Text style={textStyle}>
        Quelqu'un, sans doute toi, a demandé à recevoir la newsletter de {siteName} à cette adresse. Clique sur le bouton
        ci-dessous pour confirmer ton inscription. Le lien est valable {validDays} jours.
      </Text>
      <Button href={url} style={buttonStyle}>
        Confirmer mon inscription
      </Button>
      <Text style={{ ...textStyle, fontSize: 13 }}>
        Tu n'as rien demandé ? Ignore simplement cet e-mail : aucune inscription ne sera faite et nous ne garderons pas ton adresse.
      </Text>
    </EmailLayout>
  );
}

export function ExistingAccountEmail({ siteName, siteUrl }: Base) {
  const signIn = `${siteUrl}/auth`;
  const reset = `${siteUrl}/auth/reset-password`;
  return (
    <EmailLayout preview={`Tu as déjà un compte ${siteName}`} title="Tu as déjà un compte" siteName={siteName} siteUrl={siteUrl}>
      <Text style={textStyle}>
        Quelqu'un, sans doute toi, vient d'essayer de créer un compte {siteName} avec cette adresse. Bonne nouvelle : tu as
        déjà un compte ! Connecte-toi simplement avec ton adresse e-mail et ton mot de passe.
      </Text>
      <Button href={signIn} style={buttonStyle}>
        Me connecter
      </Button>
      <Text style={textStyle}>
        Mot de passe oublié ? <Link href={reset}>Choisis-en un nouveau ici</Link> : tu recevras un lien valable 1 heure.
      </Text>
      <Text style={{ ...textStyle, fontSize: 13 }}>
        Si ce n'était pas toi, ignore cet e-mail : ton compte reste tel quel et personne n'y a eu accès.
      </Text>
    </EmailLayout>
  );
}
