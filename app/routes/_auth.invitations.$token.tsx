import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { UserPlus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { AuthCard } from "~/components/auth/auth-card";
import { Button } from "~/components/ui/button";
import { StatusButton } from "~/components/ui/status-button";
import { RoleBadge } from "~/components/workspaces/workspace-views";
import { getOptionalMember, requireMember } from "~/modules/auth/guards.server";
import { rethrowUnlessAppError } from "~/modules/errors/app-error";
import { invitationTokenParams } from "~/modules/http/params.server";
import { getPageParams } from "~/modules/http/route-errors.server";
import { getRequestT } from "~/modules/i18n/i18n.server";
import { redirectWithToast } from "~/modules/toast/toast.server";
import { acceptInvitation, invitationByToken } from "~/modules/workspace-members/invitations.server";
import { chooseWorkspace } from "~/modules/workspaces/membership.server";
import type { RouteHandle } from "~/utils/page-title";

// The page an invitation mail links to (docs/decisions/0085): who invites, into which workspace,
// as what. A visitor signs in or signs up and comes back here; the invited address, verified, joins
// with one button (a form: no JavaScript needed). Used, withdrawn or expired: a 410 that says so.

export const handle: RouteHandle = { title: "workspaces.invitation.title" };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { token } = getPageParams(params, invitationTokenParams);
  const [invitation, member] = await Promise.all([invitationByToken(token), getOptionalMember(request)]);
  // The address in the link's invitation is no secret from whoever holds the link, which was mailed to it.
  const headers = { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };
  if (!invitation) return data({ state: "gone" as const, invitation: null, signedInAs: null, here: "" }, { status: 410, headers });
  const here = new URL(request.url).pathname;
  const view = { workspace: invitation.workspace.name, inviter: invitation.inviter, role: invitation.role, email: invitation.email };
  if (!member) return data({ state: "signedOut" as const, invitation: view, signedInAs: null, here }, { headers });
  const email = member.user.email.toLowerCase();
  const state = email !== invitation.email ? ("otherAccount" as const) : member.user.emailVerified ? ("ready" as const) : ("unverified" as const);
  return data({ state, invitation: view, signedInAs: member.user.email, here }, { headers });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, sessionId } = await requireMember(request);
  const { token } = getPageParams(params, invitationTokenParams);
  const { t } = await getRequestT(request);
  try {
    const workspace = await acceptInvitation(user, token);
    await chooseWorkspace(sessionId, user.id, workspace.id);
    return redirectWithToast("/posts", { color: "success", title: t("workspaces.invitation.joined", { name: workspace.name }) });
  } catch (error) {
    rethrowUnlessAppError(error);
    return redirectWithToast(`/invitations/${token}`, { color: "error", title: t(error.messageKey, error.options.values) });
  }
}

export default function InvitationPage() {
  const { t } = useTranslation();
  const { state, invitation, signedInAs, here } = useLoaderData<typeof loader>();
  if (state === "gone" || !invitation) {
    return (
      <AuthCard title={t("workspaces.invitation.goneTitle")} description={t("workspaces.members.errors.invitationGone")}>
        <Button asChild variant="outline" className="w-full">
          <Link to="/">{t("errors.backToHome")}</Link>
        </Button>
      </AuthCard>
    );
  }
  const back = new URLSearchParams({ redirectTo: here });
  return (
    <AuthCard
      title={t("workspaces.invitation.heading", { workspace: invitation.workspace })}
      description={t("workspaces.invitation.from", { inviter: invitation.inviter })}
    >
      <div className="flex flex-col gap-4">
        <p className="flex flex-wrap items-center justify-center gap-2 text-sm">
          {t("workspaces.invitation.as")} <RoleBadge role={invitation.role} />
        </p>
        <p className="text-center text-sm text-muted-foreground">{t(`workspaces.roleRights.${invitation.role}`)}</p>
        {state === "ready" ? (
          <Form method="post">
            <StatusButton className="w-full">
              <UserPlus aria-hidden />
              {t("workspaces.invitation.accept", { workspace: invitation.workspace })}
            </StatusButton>
          </Form>
        ) : state === "signedOut" ? (
          <>
            <p className="text-center text-sm">{t("workspaces.invitation.signInAs", { email: invitation.email })}</p>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Button asChild className="flex-1">
                <Link to={`/login?${back}`}>{t("nav.signIn")}</Link>
              </Button>
              <Button asChild variant="outline" className="flex-1">
                <Link to={`/signup?${new URLSearchParams({ redirectTo: here, email: invitation.email })}`}>{t("workspaces.invitation.signUp")}</Link>
              </Button>
            </div>
          </>
        ) : state === "unverified" ? (
          <p role="alert" className="rounded-md bg-warning/10 p-3 text-sm text-warning">
            {t("workspaces.members.errors.verifyFirst", { email: invitation.email })}
          </p>
        ) : (
          <p role="alert" className="rounded-md bg-warning/10 p-3 text-sm text-warning">
            {t("workspaces.invitation.otherAccount", { signedInAs: signedInAs ?? "", email: invitation.email })}
          </p>
        )}
      </div>
    </AuthCard>
  );
}
