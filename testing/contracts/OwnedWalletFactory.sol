// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import "./OwnedWallet.sol";

/// Deploys OwnedWallets with CREATE2, so a wallet's address is known before it
/// exists: what an EIP-6492 counterfactual signature relies on.
contract OwnedWalletFactory {
    event Deployed(address indexed wallet, address indexed owner, bytes32 salt);

    function deploy(address owner, bytes32 salt) external returns (address wallet) {
        wallet = address(new OwnedWallet{salt: salt}(owner));
        emit Deployed(wallet, owner, salt);
    }

    function computeAddress(address owner, bytes32 salt) external view returns (address) {
        bytes32 initCodeHash =
            keccak256(abi.encodePacked(type(OwnedWallet).creationCode, abi.encode(owner)));
        return address(uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), address(this), salt, initCodeHash)))));
    }
}
