#include <iostream>
#include <vector>

std::vector<int> submasks(int mask) {
    std::vector<int> result;
    if (mask < 0) return result;
    int sub = mask;
    while (true) {
        result.push_back(sub);
        if (sub == 0) return result;
        sub = (sub - 1) & mask;
    }
}

int main() {
    int q = 0;
    std::cin >> q;
    for (int i = 0; i < q; i++) {
        int mask;
        std::cin >> mask;
        std::vector<int> subs = submasks(mask);
        if (subs.empty()) std::cout << "none";
        for (size_t j = 0; j < subs.size(); j++) std::cout << (j ? " " : "") << subs[j];
        std::cout << "\n";
    }
    return 0;
}
