#include <iostream>
#include <vector>

bool invert(const std::vector<int>& perm, std::vector<int>& inverse) {
    int n = perm.size();
    inverse.assign(n, -1);
    for (int i = 0; i < n; i++) {
        int p = perm[i];
        if (p < 0 || p >= n || inverse[p] != -1) return false;
        inverse[p] = i;
    }
    return true;
}

int main() {
    int n = 0;
    std::cin >> n;
    std::vector<int> perm(n), inverse;
    for (auto& p : perm) std::cin >> p;
    if (!invert(perm, inverse)) {
        std::cout << "invalid\n";
        return 0;
    }
    for (int i = 0; i < n; i++) std::cout << (i ? " " : "") << inverse[i];
    std::cout << "\n";
    return 0;
}
