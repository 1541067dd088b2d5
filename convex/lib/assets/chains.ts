// NFT contract and token formats per chain. Shared by the tag form and the server.
export const CHAINS = ["ethereum", "polygon", "base", "arbitrum", "optimism", "solana", "tezos"] as const;
export type Chain = (typeof CHAINS)[number];

const EVM = /^0x[0-9a-fA-F]{40}$/;
const BASE58 = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
// Tezos contract (originated) addresses: KT1 + 33 base58 characters.
const TEZOS = /^KT1[1-9A-HJ-NP-Za-km-z]{33}$/;
const TOKEN_ID = /^\d{1,78}$/;

export const CHAIN_LABELS: Record<Chain, string> = {
  ethereum: "Ethereum",
  polygon: "Polygon",
  base: "Base",
  arbitrum: "Arbitrum",
  optimism: "Optimism",
  solana: "Solana",
  tezos: "Tezos",
};

export const ADDRESS_HINTS: Record<Chain, string> = {
  ethereum: "0x followed by 40 hex characters",
  polygon: "0x followed by 40 hex characters",
  base: "0x followed by 40 hex characters",
  arbitrum: "0x followed by 40 hex characters",
  optimism: "0x followed by 40 hex characters",
  solana: "32 to 44 base58 characters (the mint address)",
  tezos: "KT1 followed by 33 base58 characters",
};

function isValidContractAddress(chain: Chain, address: string): boolean {
  if (chain === "solana") return BASE58.test(address);
  if (chain === "tezos") return TEZOS.test(address);
  return EVM.test(address);
}

export function contractAddressError(chain: Chain, address: string): string | null {
  if (address === "") return "Contract address is required";
  return isValidContractAddress(chain, address)
    ? null
    : `Enter a valid ${CHAIN_LABELS[chain]} address: ${ADDRESS_HINTS[chain]}`;
}

/** Solana NFTs are identified by their mint address alone, so the token id is optional there. */
export function tokenIdError(chain: Chain, tokenId: string): string | null {
  if (tokenId === "") return chain === "solana" ? null : "Token ID is required";
  return TOKEN_ID.test(tokenId) ? null : "Token ID must contain digits only";
}
