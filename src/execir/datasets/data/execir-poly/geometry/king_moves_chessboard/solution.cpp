#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <string>

bool parseSquare(const std::string& name, int& file, int& rank) {
    if (name.size() != 2 || name[0] < 'a' || name[0] > 'h' || name[1] < '1' || name[1] > '8') return false;
    file = name[0] - 'a';
    rank = name[1] - '0';
    return true;
}

int kingMoves(const std::string& a, const std::string& b) {
    int f1, r1, f2, r2;
    if (!parseSquare(a, f1, r1) || !parseSquare(b, f2, r2)) return -1;
    return std::max(std::abs(f1 - f2), std::abs(r1 - r2));
}

int main() {
    int q = 0;
    std::cin >> q;
    for (int i = 0; i < q; i++) {
        std::string a, b;
        std::cin >> a >> b;
        int moves = kingMoves(a, b);
        if (moves < 0) std::cout << "invalid\n";
        else std::cout << moves << "\n";
    }
    return 0;
}
