#include <iostream>
#include <vector>

int hIndex(const std::vector<int>& citations) {
    int n = (int)citations.size();
    int lo = 0, hi = n - 1;
    while (lo <= hi) {
        int mid = lo + (hi - lo) / 2;
        if (citations[mid] >= n - mid) hi = mid - 1;
        else lo = mid + 1;
    }
    return n - lo;
}

int main() {
    int n;
    std::cin >> n;
    std::vector<int> citations(n);
    for (int& c : citations) std::cin >> c;
    std::cout << hIndex(citations) << "\n";
    return 0;
}
