#include <iostream>
#include <vector>

int lisLength(const std::vector<int>& values) {
    std::vector<int> tails;
    for (int v : values) {
        int lo = 0, hi = (int)tails.size();
        while (lo < hi) {
            int mid = lo + (hi - lo) / 2;
            if (tails[mid] < v) lo = mid + 1;
            else hi = mid;
        }
        if (lo == (int)tails.size()) tails.push_back(v);
        else tails[lo] = v;
    }
    return (int)tails.size();
}

int main() {
    int n;
    std::cin >> n;
    std::vector<int> values(n);
    for (int& v : values) std::cin >> v;
    std::cout << lisLength(values) << "\n";
    return 0;
}
