// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

// Minimal tokens for the access rules tests: the read functions of ERC-20,
// ERC-721 and ERC-1155 that rules ask (`balanceOf`), with mint and a
// test-only `move` (no approval) standing for a transfer in or out.

/// ERC-20 subset: balances, name, symbol, decimals.
contract TestToken {
    string public name;
    string public symbol;
    uint8 public constant decimals = 18;
    mapping(address => uint256) public balanceOf;

    event Transfer(address indexed from, address indexed to, uint256 value);

    constructor(string memory name_, string memory symbol_) {
        name = name_;
        symbol = symbol_;
    }

    function mint(address to, uint256 value) external {
        balanceOf[to] += value;
        emit Transfer(address(0), to, value);
    }

    function move(address from, address to, uint256 value) external {
        balanceOf[from] -= value;
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }
}

/// ERC-721 subset: owners and balances.
contract TestNft {
    string public name = "Test pass";
    string public symbol = "PASS";
    mapping(uint256 => address) public ownerOf;
    mapping(address => uint256) public balanceOf;

    event Transfer(address indexed from, address indexed to, uint256 indexed tokenId);

    function mint(address to, uint256 tokenId) external {
        require(ownerOf[tokenId] == address(0), "minted");
        ownerOf[tokenId] = to;
        balanceOf[to] += 1;
        emit Transfer(address(0), to, tokenId);
    }

    function move(address to, uint256 tokenId) external {
        address from = ownerOf[tokenId];
        require(from != address(0), "not minted");
        balanceOf[from] -= 1;
        balanceOf[to] += 1;
        ownerOf[tokenId] = to;
        emit Transfer(from, to, tokenId);
    }
}

/// ERC-1155 subset: balances per token id.
contract TestMultiToken {
    mapping(uint256 => mapping(address => uint256)) private balances;

    event TransferSingle(
        address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value
    );

    function balanceOf(address account, uint256 id) external view returns (uint256) {
        return balances[id][account];
    }

    function mint(address to, uint256 id, uint256 value) external {
        balances[id][to] += value;
        emit TransferSingle(msg.sender, address(0), to, id, value);
    }

    function move(address from, address to, uint256 id, uint256 value) external {
        balances[id][from] -= value;
        balances[id][to] += value;
        emit TransferSingle(msg.sender, from, to, id, value);
    }
}
