/**
 * The land registry sandbox: deterministic answers keyed by title number, so a tester (and the demo world,
 * and the tests) can reach every outcome on purpose. docs/sandboxes.md lists every fixture; keep it in step
 * with SANDBOX_TITLES. Any other well-formed title number is not found.
 */
import type { TitleEntry } from "../../core/title/api.js";
import type { LandRegistry, LandRegistryAnswer, RegisterProprietor, TitleRegister, TitleSearchCall } from "./land-registry.js";

const person = (proprietorId: string, forenames: string, surname: string): RegisterProprietor => ({
  proprietorId,
  type: "INDIVIDUAL",
  individualDetails: { forenames, surname },
  organisationDetails: null,
});
const company = (proprietorId: string, organisationName: string, registrationNumber: string | null): RegisterProprietor => ({
  proprietorId,
  type: "ORGANISATION",
  individualDetails: null,
  organisationDetails: { organisationName, registrationNumber },
});

type ChargeSpec = { lender: string; lenderType?: "INDIVIDUAL" | "ORGANISATION"; chargeType?: "REGISTERED_CHARGE" | "NOTED_CHARGE" | "EQUITABLE_CHARGE"; date: string };

interface Fixture {
  proprietors: RegisterProprietor[];
  address: [string, string, string | null, string];
  restrictions?: string[];
  charges?: ChargeSpec[];
  editions: [string, string];
}

function proprietorText(proprietor: RegisterProprietor): string {
  return proprietor.type === "INDIVIDUAL"
    ? `${proprietor.individualDetails!.forenames} ${proprietor.individualDetails!.surname}`.toUpperCase()
    : `${proprietor.organisationDetails!.organisationName.toUpperCase()}${
        proprietor.organisationDetails!.registrationNumber ? ` (Co. Regn. No. ${proprietor.organisationDetails!.registrationNumber})` : ""
      }`;
}

const CHARGE_WORDS = {
  REGISTERED_CHARGE: "REGISTERED CHARGE",
  NOTED_CHARGE: "NOTICE of a charge",
  EQUITABLE_CHARGE: "EQUITABLE CHARGE",
} as const;

function registerOf(titleNumber: string, fixture: Fixture): TitleRegister {
  const [lineOne, lineTwo, lineThree, postcode] = fixture.address;
  const restrictions = (fixture.restrictions ?? []).map((text, index) => ({ entryNumber: `B${index + 3}`, text }));
  const entries: TitleEntry[] = [
    {
      entryNumber: "B1",
      type: "PROPRIETOR",
      text: `PROPRIETOR: ${fixture.proprietors.map(proprietorText).join(" and ")} of ${[lineOne, lineTwo, lineThree, postcode].filter(Boolean).join(", ")}.`,
      attributes: { chargeType: null, parties: fixture.proprietors.map((p) => ({ name: proprietorText(p), type: p.type })), chargeDate: null },
    },
    ...restrictions.map((restriction) => ({
      entryNumber: restriction.entryNumber,
      type: "RESTRICTION" as const,
      text: restriction.text,
      attributes: { chargeType: null, parties: [], chargeDate: null },
    })),
    ...(fixture.charges ?? []).map((charge, index): TitleEntry => {
      const chargeType = charge.chargeType ?? "REGISTERED_CHARGE";
      return {
        entryNumber: `C${index + 1}`,
        type: "CHARGE",
        text: `${CHARGE_WORDS[chargeType]} dated ${charge.date} to secure the moneys including the further advances therein mentioned. Proprietor: ${charge.lender.toUpperCase()}.`,
        attributes: { chargeType, parties: [{ name: charge.lender, type: charge.lenderType ?? "ORGANISATION" }], chargeDate: charge.date },
      };
    }),
  ];
  const firstOrganisationChargee = (fixture.charges ?? []).find((charge) => (charge.lenderType ?? "ORGANISATION") === "ORGANISATION");
  return {
    titleNumber,
    registeredProprietors: fixture.proprietors,
    address: { lineOne, lineTwo, lineThree, lineFour: null, lineFive: null, postcode },
    restrictions,
    entries,
    chargeePartyOrgName: firstOrganisationChargee?.lender ?? null,
    metaData: { initialEditionDate: fixture.editions[0], lastEditionDate: fixture.editions[1] },
  };
}

const FORM_A =
  "RESTRICTION: No disposition by a sole proprietor of the registered estate (except a trust corporation) under which capital money arises is to be registered unless authorised by an order of the court.";
const HARBOUR: ChargeSpec = { lender: "Harbour Building Society", date: "12 March 2019" };

/** Titles that answer with a register. */
export const SANDBOX_TITLES: Readonly<Record<string, Fixture>> = {
  // One individual proprietor, one registered charge: matches the demo borrower Amelia Clarke.
  DN100001: { proprietors: [person("DN100001-P1", "Amelia", "Clarke")], address: ["14 Willow Lane", "Harrogate", null, "HG1 2AB"], charges: [HARBOUR], editions: ["2019-03-12", "2019-03-12"] },
  // Joint proprietors (forenames in another order), a Form A restriction and two charges.
  DN100002: {
    proprietors: [person("DN100002-P1", "Oliver", "Bennett"), person("DN100002-P2", "Anne Sophie", "BENNETT")],
    address: ["Orchard House", "3 Church Road", "Winchester", "SO23 9LP"],
    restrictions: [FORM_A],
    charges: [{ lender: "Northgate Bank plc", date: "4 June 2016" }, { lender: "Meridian Second Charge Ltd", date: "20 January 2021" }],
    editions: ["2016-06-04", "2021-01-20"],
  },
  // A company proprietor with its registration number (Brightwater Homes Ltd, 09876543, written differently).
  DN100003: { proprietors: [company("DN100003-P1", "BRIGHTWATER HOMES LIMITED", "9876543")], address: ["88 Market Street", "Leeds", null, "LS1 6DT"], charges: [HARBOUR], editions: ["2018-09-01", "2018-09-01"] },
  // A name that differs from the borrower Samuel Wright: NAME_MISMATCH.
  DN100004: { proprietors: [person("DN100004-P1", "Samuel John", "Wright")], address: ["56 Queens Road", "Sheffield", null, "S2 4DR"], charges: [HARBOUR], editions: ["2015-02-10", "2015-02-10"] },
  // The company's registration number differs: REGISTRATION_NUMBER_MISMATCH.
  DN100005: { proprietors: [company("DN100005-P1", "Brightwater Homes Ltd", "01234567")], address: ["88 Market Street", "Leeds", null, "LS1 6DT"], editions: ["2018-09-01", "2018-09-01"] },
  // Both the company's name and number differ: NAME_MISMATCH and REGISTRATION_NUMBER_MISMATCH.
  DN100006: { proprietors: [company("DN100006-P1", "Brightwater Developments Ltd", "01234567")], address: ["88 Market Street", "Leeds", null, "LS1 6DT"], editions: ["2018-09-01", "2018-09-01"] },
  // A company holds the title while the borrower is a person: TYPE_MISMATCH, TYPE_INVALID.
  DN100007: { proprietors: [company("DN100007-P1", "Moreno Estates Ltd", "11223344")], address: ["9 Mill Road", "Cambridge", null, "CB1 2AD"], charges: [HARBOUR], editions: ["2020-05-05", "2020-05-05"] },
  // The borrower and a second proprietor no party matches: an unmatched proprietor to set incoming or outgoing.
  DN100008: {
    proprietors: [person("DN100008-P1", "Amelia", "Clarke"), person("DN100008-P2", "Robert", "Clarke")],
    address: ["14 Willow Lane", "Harrogate", null, "HG1 2AB"],
    restrictions: [FORM_A],
    charges: [HARBOUR],
    editions: ["2019-03-12", "2022-11-30"],
  },
  // One proprietor for two borrowers without a transfer of equity: COUNT_INVALID.
  DN100009: { proprietors: [person("DN100009-P1", "Owen", "Davies")], address: ["19 Park Terrace", "Cardiff", null, "CF10 3DN"], charges: [HARBOUR], editions: ["2017-08-14", "2017-08-14"] },
  // Five registered proprietors, more than the product holds: COUNT_INVALID.
  DN100010: {
    proprietors: [
      person("DN100010-P1", "James", "Okafor"),
      person("DN100010-P2", "Grace", "Okafor"),
      person("DN100010-P3", "Daniel", "Okafor"),
      person("DN100010-P4", "Ruth", "Okafor"),
      person("DN100010-P5", "Peter", "Okafor"),
    ],
    address: ["27 Beech Avenue", "Nottingham", null, "NG7 1FE"],
    restrictions: [FORM_A],
    editions: ["2010-01-01", "2010-01-01"],
  },
  // Unsupported: the lender of the charge is an individual.
  DN100011: {
    proprietors: [person("DN100011-P1", "Thomas", "Reid"), person("DN100011-P2", "Laura", "Reid")],
    address: ["61 Kingsway", "Manchester", null, "M19 2LL"],
    charges: [{ lender: "Margaret Holloway", lenderType: "INDIVIDUAL", date: "1 April 2020" }],
    editions: ["2019-03-12", "2020-04-01"],
  },
  // Unsupported: a noted charge.
  DN100012: {
    proprietors: [person("DN100012-P1", "Amelia", "Clarke")],
    address: ["14 Willow Lane", "Harrogate", null, "HG1 2AB"],
    charges: [HARBOUR, { lender: "Pennine Finance Ltd", chargeType: "NOTED_CHARGE", date: "9 October 2021" }],
    editions: ["2019-03-12", "2021-10-09"],
  },
  // Unsupported: an equitable charge.
  DN100013: {
    proprietors: [person("DN100013-P1", "Amelia", "Clarke")],
    address: ["14 Willow Lane", "Harrogate", null, "HG1 2AB"],
    charges: [{ lender: "Dales Credit Union Ltd", chargeType: "EQUITABLE_CHARGE", date: "2 February 2022" }],
    editions: ["2019-03-12", "2022-02-02"],
  },
  // A purchase: the seller's title (the buyers need not match it).
  DN100015: { proprietors: [person("DN100015-P1", "Harold", "Finch")], address: ["23 Chapel Street", "Liverpool", null, "L3 9AG"], charges: [{ lender: "Mersey Mutual Building Society", date: "8 August 2012" }], editions: ["2012-08-08", "2012-08-08"] },
  // Four borrowers: one whose name the register spells longer, one whose name changed since registration.
  DN100016: {
    proprietors: [
      person("DN100016-P1", "James", "Okafor"),
      person("DN100016-P2", "Grace", "Okafor"),
      person("DN100016-P3", "Daniel James", "Okafor"),
      person("DN100016-P4", "Ruth", "Adeyemi"),
    ],
    address: ["27 Beech Avenue", "Nottingham", null, "NG7 1FE"],
    restrictions: [FORM_A],
    charges: [{ lender: "Northgate Bank plc", date: "3 July 2014" }],
    editions: ["2014-07-03", "2014-07-03"],
  },
  // A transfer of equity: the two borrowers and a third proprietor who may stay (incoming) or leave (outgoing).
  DN100017: {
    proprietors: [person("DN100017-P1", "Ava", "Thompson"), person("DN100017-P2", "Noah", "Thompson"), person("DN100017-P3", "Edith", "Thompson")],
    address: ["8 Rose Hill", "Guildford", null, "GU1 3HQ"],
    restrictions: [FORM_A],
    charges: [HARBOUR],
    editions: ["2011-04-21", "2011-04-21"],
  },
  // A company seller whose registration number differs from the register's (REGISTRATION_NUMBER_MISMATCH).
  DN100018: {
    proprietors: [company("DN100018-P1", "Harbourside Developments Limited", "07654320")],
    address: ["Unit 4", "12 Harbour Way", "Southampton", "SO14 3QN"],
    charges: [{ lender: "Solent Commercial Bank plc", date: "30 November 2020" }],
    editions: ["2020-11-30", "2020-11-30"],
  },
  // The pending title's eventual answer (see PENDING_TITLE).
  PD100202: { proprietors: [person("PD100202-P1", "Amelia", "Clarke")], address: ["14 Willow Lane", "Harrogate", null, "HG1 2AB"], charges: [HARBOUR], editions: ["2019-03-12", "2019-03-12"] },
};

/** Changes between searches: the first search of a case answers the first edition, every later one the second. */
export const CHANGING_TITLE = "DN100014";
const CHANGING_EDITIONS: readonly Fixture[] = [
  { proprietors: [person("DN100014-P1", "Amelia", "Clarke")], address: ["14 Willow Lane", "Harrogate", null, "HG1 2AB"], charges: [HARBOUR], editions: ["2019-03-12", "2019-03-12"] },
  {
    proprietors: [person("DN100014-P1", "Amelia", "Clarke")],
    address: ["14 Willow Lane", "Harrogate", null, "HG1 2AB"],
    restrictions: [FORM_A],
    charges: [HARBOUR, { lender: "Northgate Bank plc", date: "15 May 2025" }],
    editions: ["2019-03-12", "2025-05-15"],
  },
];

/** Answers pending; the job collecting it inside business hours gets the register of SANDBOX_TITLES.PD100202. */
export const PENDING_TITLE = "PD100202";
/** Not found (as is any title number not listed here). */
export const NOT_FOUND_TITLE = "NF100404";
/** The registry fails. */
export const ERROR_TITLE = "ER100500";

export const SANDBOX_ERROR_MESSAGE = "The land registry sandbox failed to answer (fixture ER100500).";

function answer(call: TitleSearchCall, collecting: boolean): LandRegistryAnswer {
  const { titleNumber } = call;
  if (titleNumber === ERROR_TITLE) return { outcome: "ERROR", message: SANDBOX_ERROR_MESSAGE };
  if (titleNumber === PENDING_TITLE && !collecting) return { outcome: "PENDING" };
  if (titleNumber === CHANGING_TITLE) {
    return { outcome: "SUCCESS", register: registerOf(titleNumber, CHANGING_EDITIONS[Math.min(call.previousSearches, 1)]!) };
  }
  const fixture = SANDBOX_TITLES[titleNumber];
  return fixture ? { outcome: "SUCCESS", register: registerOf(titleNumber, fixture) } : { outcome: "NOT_FOUND" };
}

export function createSandboxLandRegistry(): LandRegistry {
  return {
    name: "sandbox",
    searchTitle: async (call) => answer(call, false),
    collectPendingSearch: async (call) => answer(call, true),
  };
}
