#include <iostream>
#include <vector>

std::vector<long long> splitAmount(long long amount, int parts) {
    std::vector<long long> shares;
    if (parts < 1 || amount < 0) return shares;
    long long base = amount / parts, extra = amount % parts;
    for (int i = 0; i < parts; i++) shares.push_back(i < extra ? base + 1 : base);
    return shares;
}

int main() {
    int q = 0;
    std::cin >> q;
    for (int i = 0; i < q; i++) {
        long long amount;
        int parts;
        std::cin >> amount >> parts;
        std::vector<long long> shares = splitAmount(amount, parts);
        if (shares.empty()) std::cout << "invalid";
        for (size_t j = 0; j < shares.size(); j++) std::cout << (j ? " " : "") << shares[j];
        std::cout << "\n";
    }
    return 0;
}
